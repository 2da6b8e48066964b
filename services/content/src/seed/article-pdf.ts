/**
 * A small, valid one-page PDF of a seeded article (its journal, title, authors and DOI in Helvetica),
 * written as text with its cross-reference table: some 1.2 kB and a few microseconds each, where
 * pdf-lib (the demo seed's PDFs) costs milliseconds, which a million articles cannot afford. Every
 * article gets its own file, as a publisher's do: readers (and pdftotext) show its own title.
 */
export interface ArticlePdfText {
  journal: string;
  title: string;
  authors: string;
  doi: string;
  pages: string;
}

/** A PDF string literal: Latin-1 only (the standard font's WinAnsi), parentheses and backslashes escaped. */
const literal = (s: string) => `(${s.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** Lines of at most `width` characters, cut at spaces. */
function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

export function articlePdf(t: ArticlePdfText): Buffer {
  const lines: [number, string][] = [
    [10, t.journal],
    ...wrap(t.title, 60).map((l): [number, string] => [16, l]),
    [11, t.authors],
    [9, `https://doi.org/${t.doi}`],
    [9, `Pages ${t.pages}`],
  ];
  let y = 760;
  const text = lines
    .map(([size, s]) => {
      const op = `BT /F1 ${size} Tf 56 ${y} Td ${literal(s)} Tj ET`;
      y -= size + 10;
      return op;
    })
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
