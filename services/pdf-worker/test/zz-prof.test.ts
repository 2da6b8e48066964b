import { newObjectId } from '@journal/common/testing';
import { article, demoSettings, editor, makeLogoPng } from './helpers/content-fixture';
import { adminToken, startStack } from './helpers/stack';

it('profiles', async () => {
  const s = await startStack({ workerEnv: { PDF_BATCH_SIZE: '50', LOG_LEVEL: 'debug' } });
  try {
    for (let k = 0; k < 3; k++) {
      const J = newObjectId();
      const articles = Array.from({ length: 100 }, (_, i) => article(10001 + i, `Dr. Anita Sharma, Rahul Verma ${i}, Priya ${i}`));
      s.content.journals.set(J, { settings: demoSettings('Bench'), logo: makeLogoPng(), editors: [editor('Dr. X', 'chief editor')], articles });
      const t0 = performance.now();
      const res = await fetch(`${s.api.url}/api/pdf/bulkcertificates?async=1`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-journal-id': J, authorization: `Bearer ${adminToken(J)}` }, body: JSON.stringify(articles.map((a) => a.refnumber)) });
      const { jobId } = (await res.json()) as { jobId: string };
      const t1 = performance.now();
      const job = await s.api.queue.queue.getJob(jobId);
      await job!.waitUntilFinished(s.api.queue.events, 120000);
      const t2 = performance.now();
      const j2 = await s.api.queue.queue.getJob(jobId);
      const r = await fetch(`${s.api.url}/api/pdf/jobs/${jobId}/result`, { headers: { 'x-journal-id': J, authorization: `Bearer ${adminToken(J)}` } });
      const b = await r.arrayBuffer();
      const t3 = performance.now();
      console.log(`prep ${Math.round(t1 - t0)} wait-start ${j2!.processedOn! - j2!.timestamp} process ${j2!.finishedOn! - j2!.processedOn!} total-wait ${Math.round(t2 - t1)} download ${Math.round(t3 - t2)} bytes ${b.byteLength}`);
    }
  } finally {
    await s.stop();
  }
}, 300000);
