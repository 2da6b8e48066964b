import { newObjectId } from '@journal/common/testing';
import { article, demoSettings, editor, makeLogoPng } from './helpers/content-fixture';
import { adminToken, startStack } from './helpers/stack';

it('profiles', async () => {
  const s = await startStack({ workerEnv: { PDF_BATCH_SIZE: '50', LOG_LEVEL: 'debug' } });
  const one = async () => {
    const J = newObjectId();
    const articles = Array.from({ length: 100 }, (_, i) => article(10001 + i, `Dr. Anita Sharma, Rahul Verma ${i}, Priya ${i}`));
    s.content.journals.set(J, { settings: demoSettings('Bench'), logo: makeLogoPng(), editors: [editor('Dr. X', 'chief editor')], articles });
    const t0 = performance.now();
    const res = await fetch(`${s.api.url}/api/pdf/bulkcertificates`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-journal-id': J, authorization: `Bearer ${adminToken(J)}` }, body: JSON.stringify(articles.map((a) => a.refnumber)) });
    await res.arrayBuffer();
    return performance.now() - t0;
  };
  try {
    await one();
    for (let k = 0; k < 2; k++) {
      const t = performance.now();
      const single = await one();
      const tp = performance.now();
      const both = await Promise.all([one(), one()]);
      console.log(`single ${Math.round(single)} ms (${(300 / (single / 1000)).toFixed(0)}/s); pair ${both.map(Math.round).join(', ')} ms wall ${Math.round(performance.now() - tp)} (${(600 / ((performance.now() - tp) / 1000)).toFixed(0)}/s)`, t);
    }
  } finally {
    await s.stop();
  }
}, 300000);
