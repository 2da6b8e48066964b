/**
 * docs/product.md#citation-files: BibTeX titles keep their case through a BibTeX style (capitals
 * braced), carry no raw '<' and no unescaped LaTeX special, and write sub- and superscripts as
 * LaTeX; a real BibTeX parser reads them back as the page shows them. RIS and CSL-JSON unchanged.
 */
import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { toBibtex, toCslJson, toRis, type CitableArticle, type CiteContext } from '../src/cite/cite-formats';

const article = (title: string, over: Partial<CitableArticle> = {}): CitableArticle => ({
  id: '0123456789abcdef01234567', year: 2026, volume: 4, issue: 2, frequency: '', refnumber: '1001', title,
  authorname: 'Prof. Dr. Asha Rao, Jean-Luc Picard', keywords: 'DNA; soil', pagenumber: '1-6', pageStart: 1, pageEnd: 6,
  subject: '', country: 'India', file: '1001.pdf', pdf_url: null, publishdate: '2026-02-10', doi: '', abstract: '<p>x &lt; y &amp; z in 50% of #1_cases ~ ^2 {a} \\b</p>',
  ...over,
});
const ctx: CiteContext = { journalName: 'Journal of R&D', issn: '1234-5678', language: 'en', pageUrl: 'https://j.example/archives/2026/vol4/issue2/1001', pdfUrl: '' };

/** The value of one field of a BibTeX entry, braces balanced (outer pair removed). */
function field(bib: string, name: string): string {
  const start = bib.indexOf(`  ${name} = {`);
  if (start < 0) throw new Error(`no ${name}`);
  let i = start + name.length + 6;
  let depth = 1;
  let out = '';
  for (; depth > 0; i++) {
    const c = bib[i]!;
    if (c === '\\' && (bib[i + 1] === '{' || bib[i + 1] === '}')) {
      out += c + bib[++i];
      continue;
    }
    if (c === '{') depth++;
    if (c === '}') depth--;
    if (depth > 0) out += c;
  }
  return out;
}

/**
 * What BibTeX's change.case$ leaves of a title's capitals: letters outside any brace group, and
 * inside a top-level group that starts with a backslash (a "special character"), are lower-cased.
 */
function lowerCasedByStyle(title: string): string {
  let out = '';
  let depth = 0;
  let special = false;
  for (let i = 0; i < title.length; i++) {
    const c = title[i]!;
    if (c === '\\' && depth === 0) {
      // A control sequence outside braces: its name is not text.
      const m = /^\\([A-Za-z]+|.)/.exec(title.slice(i))!;
      i += m[0].length - 1;
      continue;
    }
    if (c === '{') {
      if (depth === 0) special = title[i + 1] === '\\';
      depth++;
      continue;
    }
    if (c === '}') {
      depth--;
      continue;
    }
    out += depth === 0 || special ? c.toLowerCase() : c;
  }
  return out;
}

describe('BibTeX titles', () => {
  const cases: [string, string, string][] = [
    // stored title HTML, what the parser reads back, the words a style must leave capitalised
    ['DNA repair in India', 'DNA repair in India', 'DNA India'],
    ['Uptake of H<sub>2</sub>O and CO<sub>2</sub> at 10<sup>3</sup> Pa', 'Uptake of H<sub>2</sub>O and CO<sub>2</sub> at 10<sup>3</sup> Pa', 'U H O CO Pa'],
    ['When x &lt; y &amp; z: 50% of #1 cases', 'When x < y & z: 50% of #1 cases', 'W'],
    ['Growth of <i>Oryza sativa</i> L. in McGregor’s soil', 'Growth of <i>Oryza sativa</i> L. in McGregor’s soil', 'G O L McG'],
    ['A $5 {test} of ~tilde_under^hat \\ back', 'A $5 {test} of ~tilde_under^hat \\ back', 'A'],
  ];
  it.each(cases)('%s', (html, read, kept) => {
    const bib = toBibtex(article(html), ctx);
    expect(bib).not.toContain('<');
    expect(bib).not.toContain('>');
    const title = field(bib, 'title');
    // A real parser reads the title back as the page shows it.
    const [d] = new Cite(bib).data as Record<string, unknown>[];
    expect(d!.title).toBe(read);
    // What a BibTeX style does to the title keeps every capital.
    const styled = lowerCasedByStyle(title);
    const capitals = kept.replace(/[^A-Z]/g, '');
    expect(styled.replace(/[^A-Z]/g, '')).toBe(capitals);
  });

  it('writes sub- and superscripts as LaTeX, escapes specials and braces capitals', () => {
    const bib = toBibtex(article('H<sub>2</sub>O &amp; DNA in India at 10<sup>3</sup> $ #'), ctx);
    expect(field(bib, 'title')).toBe('{H}\\textsubscript{2}{O} \\& {DNA} in {India} at 10\\textsuperscript{3} \\$ \\#');
    expect(field(bib, 'abstract')).toBe('x \\textless{} y \\& z in 50\\% of \\#1\\_cases \\textasciitilde{} \\textasciicircum{}2 \\{a\\} \\textbackslash{}b');
    expect(field(bib, 'journal')).toBe('Journal of R\\&D');
    expect(field(bib, 'author')).toBe('Rao, Asha and Picard, Jean-Luc');
  });
});

describe('RIS and CSL-JSON keep their form', () => {
  it('RIS: the plain title with its own characters', () => {
    const ris = toRis(article('x &lt; y &amp; DNA'), ctx);
    expect(ris).toContain('TI  - x < y & DNA\r\n');
    expect(ris).toContain('AU  - Rao, Asha\r\n');
    expect(ris).toContain('LA  - en\r\n');
    const [d] = new Cite(ris).data as Record<string, unknown>[];
    expect(d!.title).toBe('x < y & DNA');
  });
  it('CSL-JSON: rich text with the angle brackets encoded, no LaTeX', () => {
    const [item] = toCslJson(article('H<sub>2</sub>O x &lt; y &amp; DNA'), ctx);
    expect(item!.title).toBe('H<sub>2</sub>O x &lt; y & DNA');
    expect(item!.author).toEqual([{ family: 'Rao', given: 'Asha' }, { family: 'Picard', given: 'Jean-Luc' }]);
  });
});
