import { isValidDoi, licenseByUrl, orcidUrl, pageSpan, type CitedArticle } from '@journal/contracts';
import { decodeEntities } from '../shared/text';
import { xml, xmlLines, xmlOrderedDocument, type XmlContent, type XmlNode } from '../seo/xml';
import { dateParts } from '../cite/cite-formats';
import { articleAuthors } from '../cite/article-authors';
import { abstractParagraphs } from '../cite/abstract-text';

/**
 * A Crossref deposit (schema 5.3.1) of one journal issue's articles: the file staff upload to
 * Crossref to register the DOIs. Pure: the caller has checked that every article has a DOI.
 */

export const CROSSREF_VERSION = '5.3.1';
export const CROSSREF_NS = `http://www.crossref.org/schema/${CROSSREF_VERSION}`;
export const ISSN_RE = /^\d{4}-?\d{3}[\dXx]$/;

export interface CrossrefJournal {
  title: string;
  /** Print and electronic ISSN; at least one is needed by Crossref for a journal. */
  issn: string;
  eissn: string;
  /** ISO 639-1 code of the articles' language, when known. */
  language?: string;
  depositorName: string;
  depositorEmail: string;
  registrant: string;
}

/**
 * The cited fields (title: sanitised inline HTML) and where the DOI resolves; `license` is the
 * licence the article states (its own or its journal's), already resolved.
 */
export type CrossrefArticle = Omit<CitedArticle, 'keywords'> & {
  /** Absolute URL of the article page. */
  url: string;
};

/** Crossref face markup allowed in titles; HTML's em/strong are its i/b. */
const FACE: Record<string, string> = { i: 'i', em: 'i', b: 'b', strong: 'b', u: 'u', sub: 'sub', sup: 'sup' };

/**
 * Inline HTML → XML inline markup: the tags `faces` maps are renamed (balanced), other tags
 * dropped, entities decoded (the builder escapes the text once). Crossref and JATS titles use it
 * with their own element names.
 */
export function inlineMarkup(html: string, faces: Record<string, string>): XmlContent[] {
  const root: XmlContent[] = [];
  const open: { tag: string; content: XmlContent[] }[] = [];
  const top = () => open[open.length - 1]?.content ?? root;
  const close = () => {
    const t = open.pop()!;
    top().push(xml(t.tag, null, ...t.content));
    return t.tag;
  };
  for (const m of String(html ?? '').matchAll(/<(\/?)([a-z]+)[^>]*>|([^<]+)/gi)) {
    if (m[3] !== undefined) {
      top().push(decodeEntities(m[3]).replace(/\s+/g, ' '));
      continue;
    }
    const face = faces[m[2]!.toLowerCase()];
    if (!face) continue;
    if (!m[1]) open.push({ tag: face, content: [] });
    // Close back to the matching open tag so the result always nests.
    else if (open.some((t) => t.tag === face)) while (close() !== face);
  }
  while (open.length) close();
  // No white space at either end of the whole (inside the first or last element it stays).
  const merged = root.reduce<XmlContent[]>((out, c) => {
    const last = out[out.length - 1];
    if (typeof c === 'string' && typeof last === 'string') out[out.length - 1] = last + c;
    else out.push(c);
    return out;
  }, []);
  if (typeof merged[0] === 'string') merged[0] = merged[0].trimStart();
  const end = merged.length - 1;
  if (typeof merged[end] === 'string') merged[end] = merged[end].trimEnd();
  return merged;
}

/** Inline title HTML → Crossref title content (face markup kept). */
export const crossrefTitle = (html: string): XmlContent[] => inlineMarkup(html, FACE);

const two = (n: number) => String(n).padStart(2, '0');

function pubDate(a: Pick<CrossrefArticle, 'publishdate' | 'year'>): XmlNode {
  const [y, m, d] = dateParts(a);
  return xml('publication_date', { media_type: 'online' }, !!m && xml('month', null, two(m)), !!d && xml('day', null, two(d)), xml('year', null, y!));
}

function pages(pagenumber: string): XmlContent {
  const p = pageSpan(pagenumber);
  return p && xml('pages', null, xml('first_page', null, p.first), p.last !== p.first && xml('last_page', null, p.last));
}

/** docs/product.md#crossref-xml: each affiliation's name, with its ROR id as `institution_id`. */
const affiliations = (list: { name: string; ror: string }[]) =>
  list.length > 0 &&
  xml('affiliations', null, list.map((f) => xml('institution', null, xml('institution_name', null, f.name), f.ror && xml('institution_id', { type: 'ror' }, f.ror))));

/** The licence as access indicators: free to read when it is an open one. */
function accessIndicators(url: string | undefined): XmlContent {
  const l = licenseByUrl(url);
  return l && xml('ai:program', { name: 'AccessIndicators' }, l.open && xml('ai:free_to_read', null), xml('ai:license_ref', { applies_to: 'vor' }, l.url));
}

/** The reference list as unstructured citations, with the DOI found in each. */
function citationList(refs: CrossrefArticle['references']): XmlContent {
  return (
    !!refs?.length &&
    xml('citation_list', null, refs.map((r, i) => xml('citation', { key: `ref${i + 1}` }, !!r.doi && isValidDoi(r.doi) && xml('doi', null, r.doi), xml('unstructured_citation', null, r.text))))
  );
}

function articleXml(a: CrossrefArticle, language?: string): XmlNode {
  const authors = articleAuthors(a);
  const abstract = abstractParagraphs(a.abstract);
  return xml(
    'journal_article',
    { publication_type: 'full_text', language: language || undefined },
    xml('titles', null, xml('title', null, crossrefTitle(a.title))),
    authors.length > 0 &&
      xml(
        'contributors',
        null,
        authors.map((p, i) =>
          xml(
            'person_name',
            { sequence: i === 0 ? 'first' : 'additional', contributor_role: 'author' },
            p.given && xml('given_name', null, p.given),
            xml('surname', null, p.family),
            affiliations(p.affiliations),
            p.orcid && xml('ORCID', { authenticated: 'false' }, orcidUrl(p.orcid)),
          ),
        ),
      ),
    abstract.length > 0 && xml('jats:abstract', null, abstract.map((p) => xml('jats:p', null, p))),
    pubDate(a),
    pages(a.pagenumber),
    accessIndicators(a.license),
    xml('doi_data', null, xml('doi', null, a.doi), xml('resource', null, a.url)),
    citationList(a.references),
  );
}

/** yyyyMMddHHmmssSSS: Crossref wants a number that grows with each deposit of a DOI. */
export const crossrefTimestamp = (d: Date) => d.toISOString().replace(/\D/g, '').slice(0, 17);

const issnOf = (v: string, media: string) => !!v && ISSN_RE.test(v) && xml('issn', { media_type: media }, v.toUpperCase());

/** The deposit file: one journal, one issue, the given articles in order. */
export function crossrefDeposit(
  j: CrossrefJournal,
  issue: { year: number; volume: number; issue: number },
  articles: CrossrefArticle[],
  opts: { batchId: string; now: Date },
): string {
  // The issue's date: the earliest article date in it, or the year.
  const first = [...articles].sort((x, y) => (x.publishdate || '9').localeCompare(y.publishdate || '9'))[0];
  const batch = xml(
    'doi_batch',
    {
      xmlns: CROSSREF_NS,
      'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      'xmlns:jats': 'http://www.ncbi.nlm.nih.gov/JATS1',
      'xmlns:ai': 'http://www.crossref.org/AccessIndicators.xsd',
      version: CROSSREF_VERSION,
      'xsi:schemaLocation': `${CROSSREF_NS} https://www.crossref.org/schemas/crossref${CROSSREF_VERSION}.xsd`,
    },
    xmlLines(
      xml(
        'head',
        null,
        xmlLines(
          xml('doi_batch_id', null, opts.batchId),
          xml('timestamp', null, crossrefTimestamp(opts.now)),
          xml('depositor', null, xml('depositor_name', null, j.depositorName), xml('email_address', null, j.depositorEmail)),
          xml('registrant', null, j.registrant),
        ),
      ),
      xml(
        'body',
        null,
        xmlLines(
          xml(
            'journal',
            null,
            xmlLines(
              xml('journal_metadata', { language: j.language || undefined }, xml('full_title', null, j.title), issnOf(j.issn, 'print'), issnOf(j.eissn, 'electronic')),
              xml(
                'journal_issue',
                null,
                pubDate(first ?? { publishdate: '', year: issue.year }),
                xml('journal_volume', null, xml('volume', null, issue.volume)),
                xml('issue', null, issue.issue),
              ),
              ...articles.map((a) => articleXml(a, j.language)),
            ),
          ),
        ),
      ),
    ),
  );
  return xmlOrderedDocument(batch, '\n');
}
