import { PassThrough } from 'node:stream';
import archiver from 'archiver';
import { xmlFragment } from '../seo/xml';
import { counterTable, type CounterReportJson } from './counter-tsv';

/**
 * The tabular form of a COUNTER report as an Excel workbook (Office Open XML, one sheet): the same
 * rows as the TSV, counts as numbers, text as inline strings, so no shared-strings table is needed.
 */

const column = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : column(Math.floor(i / 26) - 1) + column(i % 26));

/** One cell: a count below the column headings is a number, anything else text. */
function cell(v: string, ref: string, numeric: boolean): Record<string, unknown> {
  if (numeric && /^\d{1,15}$/.test(v)) return { '@r': ref, v };
  return { '@r': ref, '@t': 'inlineStr', is: { t: { '#text': v, '@xml:space': 'preserve' } } };
}

function sheet(rows: string[][]): string {
  const headings = rows.findIndex((_r, i) => i > 0 && rows[i - 1]!.length === 0);
  const row = rows.map((r, i) => ({ '@r': i + 1, c: r.map((v, j) => cell(v, `${column(j)}${i + 1}`, i > headings)) }));
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xmlFragment({
    worksheet: { '@xmlns': 'http://schemas.openxmlformats.org/spreadsheetml/2006/main', sheetData: { row } },
  })}`;
}

const FILES = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
};

const workbook = (name: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xmlFragment({
    workbook: {
      '@xmlns': 'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
      '@xmlns:r': 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
      sheets: { sheet: { '@name': name.slice(0, 31), '@sheetId': 1, '@r:id': 'rId1' } },
    },
  })}`;

export async function counterXlsx(report: CounterReportJson): Promise<Buffer> {
  const zip = archiver('zip', { zlib: { level: 6 } });
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    zip.on('error', reject);
  });
  zip.pipe(out);
  for (const [name, text] of Object.entries(FILES)) zip.append(text, { name });
  zip.append(workbook(String(report.Report_Header.Report_ID ?? 'Report')), { name: 'xl/workbook.xml' });
  zip.append(sheet(counterTable(report)), { name: 'xl/worksheets/sheet1.xml' });
  await zip.finalize();
  await done;
  return Buffer.concat(chunks);
}
