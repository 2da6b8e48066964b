import { Renderer } from '/work/main/services/pdf-worker/src/render/renderer';
import { certificatesHtml } from '/work/main/services/pdf-worker/src/templates/certificate.template';
import { splitPages } from '/work/main/services/pdf-worker/src/render/split';
import { writeFileSync } from 'node:fs';
import pino from 'pino';
const j = { name: 'International Journal of Applied Research', siteName: 'IJAR', domain: 'www.allresearchjournal.com', email: 'editor@journal.com', issn: '2394-7500', essn: '2394-5869', impactFactor: 'RJIF 8.4', frequency: 'Monthly', logo: '', chiefEditor: 'Dr. Ramesh Kumar', publisher: 'AkiNik Publications' };
const items = Array.from({ length: 50 }, (_, i) => ({ author: i % 2 ? 'डॉ. राम कुमार शर्मा' : `Dr. Anita Sharma ${i}`, article: { refnumber: String(1000 + i), title: 'A study of <i>Bacillus subtilis</i> growth under saline stress in semi-arid soils of Rajasthan', authors: ['A'], year: '2026', volume: '12', issue: '3', month: 'March', pages: '10-15', publishdate: '2026-03-12', subject: 'Biology', country: 'India' } }));
(async () => {
  const r = new Renderer({ executablePath: '/usr/bin/chromium', concurrency: 2, timeoutMs: 60000, recycleAfter: 1000, logger: pino() });
  const html = certificatesHtml(j, items);
  await r.pdf(certificatesHtml(j, items.slice(0, 1)), {});
  for (let k = 0; k < 3; k++) {
    let t = Date.now();
    const pdf = await r.pdf(html);
    const t1 = Date.now() - t; t = Date.now();
    const pages = await splitPages(pdf, 50, { title: 'x' });
    console.log('print', t1, 'split', Date.now() - t, 'batch bytes', pdf.length, 'one', pages[0]!.length);
    writeFileSync('/tmp/pdfx/one.pdf', pages[1]!); writeFileSync('/tmp/pdfx/batch.pdf', pdf);
  }
  // parallel 2
  let t = Date.now();
  await Promise.all([r.pdf(html), r.pdf(html)]);
  console.log('2 parallel prints', Date.now() - t);
  await r.close();
})();
