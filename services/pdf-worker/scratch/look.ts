import { writeFileSync } from 'node:fs';
import pino from 'pino';
import { Renderer } from '../src/render/renderer';
import { coverPageHtml, editorialBoardHtml, indexPageHtml } from '../src/templates/documents.template';
import { editorCertificatesHtml } from '../src/templates/certificate.template';
import { makeLogoPng } from '../test/helpers/content-fixture';
const j = { name: 'International Journal of Applied Research', siteName: 'IJAR', domain: 'www.allresearchjournal.com', email: 'editor@journal.com', issn: '2394-7500', essn: '2394-5869', impactFactor: 'RJIF 8.4', frequency: 'Monthly', logo: `data:image/png;base64,${makeLogoPng().toString('base64')}`, chiefEditor: 'Dr. Ramesh Kumar, Ph.D.', publisher: '' };
const a = (i: number) => ({ refnumber: String(1000 + i), title: 'A study of <i>Bacillus subtilis</i> growth under saline stress in semi-arid soils of Rajasthan', authors: ['Dr. Anita Sharma', 'Rahul Verma'], year: '2026', volume: '12', issue: '3', month: 'March', pages: `${i * 6 + 1}-${i * 6 + 6}`, publishdate: '12 March 2026', subject: 'Biology', country: 'India' });
const ed = (n: string, c: string) => ({ id: '1', name: n, category: c, post: 'Professor', affiliation: 'Department of Botany, University of Delhi', degree: 'Ph.D.', country: 'India', email: 'x@y.org', phone: '', website: '' });
(async () => {
  const r = new Renderer({ executablePath: '/usr/bin/chromium', concurrency: 1, timeoutMs: 60000, recycleAfter: 100, logger: pino() });
  writeFileSync('/tmp/pdfx/cover.pdf', await r.pdf(coverPageHtml(j, a(1))));
  writeFileSync('/tmp/pdfx/index.pdf', await r.pdf(indexPageHtml(j, Array.from({ length: 12 }, (_, i) => a(i)))));
  writeFileSync('/tmp/pdfx/board.pdf', await r.pdf(editorialBoardHtml(j, [ed('Dr. Ramesh Kumar', 'chief editor'), ed('Dr. Sunita Rao', 'associate editor'), ed('Dr. B. Iyer', 'associate editor'), ed('Mr. Arjun Das', 'assistant editor')], true)));
  writeFileSync('/tmp/pdfx/edcert.pdf', await r.pdf(editorCertificatesHtml(j, [{ editor: ed('Dr. Sunita Rao', 'associate editor'), entry: 'x' }], '21 November 2026'), { landscape: true }));
  await r.close();
})();
