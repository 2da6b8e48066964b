import { bareAuthorName, doiUrl, machineAuthors, pageSpan, splitKeywords, type CitedArticle } from '@journal/contracts';
import { decodeEntities, plain } from '../shared/text';

/** What a citation file says of an article; every text already sanitised (title: inline HTML). */
export type CitableArticle = CitedArticle;

export interface CiteContext {
  journalName: string;
  issn: string;
  publisher?: string;
  language?: string;
  /** Absolute URL of the article page. */
  pageUrl: string;
  /** Absolute URL of the PDF, or ''. */
  pdfUrl: string;
}

export interface PersonName {
  family: string;
  given: string;
}

/**
 * 'Dr. Anil Kumar Sharma' → family 'Sharma', given 'Anil Kumar': the last word is the surname, as
 * in the page's citation line; honorifics before the name are dropped (docs/product.md#machine-readable-names).
 */
export function personName(full: string): PersonName {
  const words = bareAuthorName(full).split(' ').filter(Boolean);
  if (words.length <= 1) return { family: (words[0] ?? '').replace(/\.$/, ''), given: '' };
  return { family: words[words.length - 1]!, given: words.slice(0, -1).join(' ') };
}

/** docs/product.md#structured-authors: the article's list when it has one, else its name text split. */
export const authorsOf = (a: Pick<CitableArticle, 'authorname' | 'authors'>): PersonName[] =>
  a.authors?.length ? a.authors.map((p) => ({ family: p.family, given: p.given })) : machineAuthors(a.authorname).map(personName).filter((p) => p.family);


/** [year, month, day] of the publish date, or [year]. */
export function dateParts(a: Pick<CitableArticle, 'publishdate' | 'year'>): number[] {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(a.publishdate ?? '');
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [a.year];
}

const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').replace(/\s+/g, ' ').trim();

/* ---------------------------------------------------------------- BibTeX */

// Kept rather than citation-js (bench/citation-writers.ts): its BibTeX matched 0 of 200 entries (no abstract, keywords or case protection of the title) and it would add 2.7 MB and about 175 ms of import to the content service.

/** docs/product.md#citation-files: LaTeX's specials, and angle brackets (text in OT1 would print them as ¡ and ¿). */
const BIB_SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}', '{': '\\{', '}': '\\}', '%': '\\%', '&': '\\&', $: '\\$', '#': '\\#', _: '\\_', '~': '\\textasciitilde{}', '^': '\\textasciicircum{}',
  '<': '\\textless{}', '>': '\\textgreater{}',
};
const bibEscapeRun = (s: string) => s.replace(/\s+/g, ' ').replace(/[\\{}%&$#_~^<>]/g, (c) => BIB_SPECIAL[c]!);

/**
 * Title text with its case protected: BibTeX styles lower-case every letter of a title that is not
 * inside braces, so each word holding a capital ('DNA', 'India', 'H2O', 'McGregor') is braced.
 * A group that starts with a backslash would count as a special character and be lower-cased
 * after all, so such a word gets a second pair.
 */
const bibProtectRun = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .split(/( )/)
    .map((w) => {
      const e = bibEscapeRun(w);
      if (!/\p{Lu}/u.test(w)) return e;
      return e.startsWith('\\') ? `{{${e}}}` : `{${e}}`;
    })
    .join('');
const bibEscape = (s: string) => bibEscapeRun(s.trim());

/** Inline title HTML → BibTeX: italics, sub- and superscripts as LaTeX commands, capitals protected, the rest escaped. */
export function bibTitle(html: string): string {
  const out: string[] = [];
  const re = /<(\/?)(i|em|sub|sup|b|strong)\s*>|<[^>]*>|([^<]+)/gi;
  const CMD: Record<string, string> = { i: 'textit', em: 'textit', sub: 'textsubscript', sup: 'textsuperscript', b: 'textbf', strong: 'textbf' };
  for (const m of html.matchAll(re)) {
    if (m[3] !== undefined) out.push(bibProtectRun(decodeEntities(m[3])));
    else if (m[2]) out.push(m[1] ? '}' : `\\${CMD[m[2].toLowerCase()]}{`);
  }
  // An unbalanced tag in stored HTML must not unbalance the BibTeX braces.
  let depth = 0;
  const s = out.join('');
  let fixed = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\' && (s[i + 1] === '{' || s[i + 1] === '}')) {
      fixed += c + s[i + 1];
      i++;
      continue;
    }
    if (c === '{') depth++;
    if (c === '}') {
      if (depth === 0) continue;
      depth--;
    }
    fixed += c;
  }
  return oneLine(fixed + '}'.repeat(depth));
}

/** A BibTeX @article entry keyed by the ref number. */
export function toBibtex(a: CitableArticle, ctx: CiteContext): string {
  const pages = pageSpan(a.pagenumber);
  const [, month] = dateParts(a);
  const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
  const fields: [string, string][] = [
    ['title', `{${bibTitle(a.title)}}`],
    ['author', `{${authorsOf(a).map((p) => (p.given ? `${bibEscape(p.family)}, ${bibEscape(p.given)}` : bibEscape(p.family))).join(' and ')}}`],
    ['journal', `{${bibEscape(ctx.journalName)}}`],
    ['year', String(a.year)],
    ...(month ? ([['month', MONTHS[month - 1]!]] as [string, string][]) : []),
    ['volume', `{${a.volume}}`],
    ['number', `{${a.issue}}`],
    ...(pages ? ([['pages', `{${pages.first}--${pages.last}}`]] as [string, string][]) : []),
    ...(ctx.issn ? ([['issn', `{${bibEscape(ctx.issn)}}`]] as [string, string][]) : []),
    ...(a.doi ? ([['doi', `{${bibEscape(a.doi)}}`]] as [string, string][]) : []),
    ['url', `{${bibEscape(ctx.pageUrl)}}`],
    ...(splitKeywords(a.keywords).length ? ([['keywords', `{${bibEscape(splitKeywords(a.keywords).join(', '))}}`]] as [string, string][]) : []),
    ...(a.abstract ? ([['abstract', `{${bibEscape(plain(a.abstract))}}`]] as [string, string][]) : []),
  ];
  const key = `ref${a.refnumber.replace(/[^A-Za-z0-9]/g, '')}`;
  return `@article{${key},\n${fields.map(([k, v]) => `  ${k} = ${v}`).join(',\n')}\n}\n`;
}

/* ---------------------------------------------------------------- RIS */

// Kept rather than citation-js (bench/citation-writers.ts): its RIS matched 0 of 200 records (LF lines, not the format's CRLF; abstracts cut into 70-character lines; no end page).

/** An RIS record (CRLF lines, as the format defines). */
export function toRis(a: CitableArticle, ctx: CiteContext): string {
  const pages = pageSpan(a.pagenumber);
  const d = dateParts(a);
  const line = (tag: string, v: string | number) => {
    const t = oneLine(String(v));
    return t ? [`${tag}  - ${t}`] : [];
  };
  const lines = [
    'TY  - JOUR',
    ...line('TI', plain(a.title)),
    ...authorsOf(a).flatMap((p) => line('AU', p.given ? `${p.family}, ${p.given}` : p.family)),
    ...line('JO', ctx.journalName),
    ...line('T2', ctx.journalName),
    ...line('PY', a.year),
    ...line('DA', `${d[0]}/${d[1] ? String(d[1]).padStart(2, '0') : ''}/${d[2] ? String(d[2]).padStart(2, '0') : ''}/`),
    ...line('VL', a.volume),
    ...line('IS', a.issue),
    ...(pages ? [...line('SP', pages.first), ...line('EP', pages.last)] : []),
    ...line('SN', ctx.issn),
    ...line('DO', a.doi),
    ...line('UR', a.doi ? doiUrl(a.doi) : ctx.pageUrl),
    ...line('L1', ctx.pdfUrl),
    ...line('LA', ctx.language ?? ''),
    ...line('PB', ctx.publisher ?? ''),
    ...splitKeywords(a.keywords).flatMap((k) => line('KW', k)),
    ...line('AB', plain(a.abstract)),
    'ER  - ',
  ];
  return lines.join('\r\n') + '\r\n';
}

/* ---------------------------------------------------------------- CSL-JSON */

// Kept rather than citation-js: CSL-JSON is the input citation-js would be given, so these few fields are the whole writer.

/** Inline title HTML → CSL rich text: only the tags citeproc understands. */
const cslTitle = (html: string) =>
  oneLine(
    html
      .replace(/<(\/?)em>/gi, '<$1i>')
      .replace(/<(\/?)strong>/gi, '<$1b>')
      .replace(/<(?!\/?(i|b|sub|sup)>)[^>]*>/gi, '')
      // CSL rich text is not HTML: only the angle brackets stay encoded.
      .replace(/&(amp|quot|#39|apos|nbsp);/g, (_m, e: string) => ({ amp: '&', quot: '"', '#39': "'", apos: "'", nbsp: ' ' })[e]!),
  );

/** One CSL-JSON item (the array is what reference managers import). */
export function toCslJson(a: CitableArticle, ctx: CiteContext): Record<string, unknown>[] {
  const pages = pageSpan(a.pagenumber);
  return [
    {
      id: `ref${a.refnumber}`,
      type: 'article-journal',
      title: cslTitle(a.title),
      author: authorsOf(a).map((p) => (p.given ? { family: p.family, given: p.given } : { family: p.family })),
      'container-title': ctx.journalName,
      ...(ctx.issn ? { ISSN: ctx.issn } : {}),
      volume: String(a.volume),
      issue: String(a.issue),
      ...(pages ? { page: pages.first === pages.last ? pages.first : `${pages.first}-${pages.last}` } : {}),
      issued: { 'date-parts': [dateParts(a)] },
      ...(a.doi ? { DOI: a.doi } : {}),
      URL: ctx.pageUrl,
      ...(ctx.publisher ? { publisher: ctx.publisher } : {}),
      ...(ctx.language ? { language: ctx.language } : {}),
      ...(a.keywords ? { keyword: splitKeywords(a.keywords).join(', ') } : {}),
      ...(a.abstract ? { abstract: plain(a.abstract) } : {}),
    },
  ];
}
