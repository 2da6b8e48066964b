import { licenseByUrl, licenseLine, orcidUrl, pageSpan, splitKeywords, type CitedArticle } from '@journal/contracts';
import { abstractParagraphs } from './abstract-text';
import { xml, xmlLines, xmlOrderedDocument, type XmlContent, type XmlNode } from '../seo/xml';
import { inlineMarkup, ISSN_RE } from '../doi/crossref-xml';
import { dateParts } from './cite-formats';
import { affiliationIndex, articleAuthors } from './article-authors';

/**
 * One article's front matter as JATS XML (NISO JATS 1.3, Journal Publishing tag set): what
 * aggregators and archives read. Pure; the element order is the tag set's content model.
 * OAI-PMH serves the same document as its `jats` metadata format (`jatsArticleElement`).
 */

export interface JatsJournal {
  /** The journal's short id (its slug). */
  id: string;
  title: string;
  issn: string;
  eissn: string;
  publisher: string;
  /** ISO 639-1 code of the articles' language, when known. */
  language?: string;
}

/** `license`: the licence the article states (its own or its journal's), already resolved. */
export type JatsArticle = CitedArticle & {
  /** Absolute URL of the article page. */
  url: string;
  /** Absolute URL of the PDF, or ''. */
  pdfUrl: string;
};

/** HTML faces → JATS inline formatting elements. */
const JATS_FACE: Record<string, string> = { i: 'italic', em: 'italic', b: 'bold', strong: 'bold', u: 'underline', sub: 'sub', sup: 'sup' };

const two = (n: number) => String(n).padStart(2, '0');

const issn = (v: string, format: string) => ISSN_RE.test(v) && xml('issn', { 'publication-format': format }, v.toUpperCase());

function pubDate(a: JatsArticle): XmlNode {
  const [y, m, d] = dateParts(a);
  return xml('pub-date', { 'publication-format': 'electronic', 'date-type': 'pub' }, !!d && xml('day', null, two(d)), !!m && xml('month', null, two(m)), xml('year', null, y!));
}

/** The licence as JATS4R asks: the URL in `ali:license_ref` (what PMC reads) as well as on `xlink:href`. */
function permissions(url: string | undefined): XmlContent {
  const l = licenseByUrl(url);
  return (
    l &&
    xml(
      'permissions',
      null,
      xml('license', { 'license-type': l.open && 'open-access', 'xlink:href': l.url }, xml('ali:license_ref', null, l.url), xml('license-p', null, licenseLine(l))),
    )
  );
}

/** One reference as mixed citation: its text, the DOI in it marked as the `pub-id` it is. */
function reference(r: { text: string; doi: string }, i: number): XmlNode {
  const at = r.doi ? r.text.indexOf(r.doi) : -1;
  const body = at < 0 ? [r.text] : [r.text.slice(0, at), xml('pub-id', { 'pub-id-type': 'doi' }, r.doi), r.text.slice(at + r.doi.length)];
  return xml('ref', { id: `ref${i + 1}` }, xml('mixed-citation', null, body));
}

function contributors(a: JatsArticle): XmlContent[] {
  const authors = articleAuthors(a);
  if (!authors.length) return [];
  const affs = affiliationIndex(authors);
  return [
    xml(
      'contrib-group',
      null,
      authors.map((p, i) =>
        xml(
          'contrib',
          { 'contrib-type': 'author', corresp: p.corresponding && 'yes' },
          p.orcid && xml('contrib-id', { 'contrib-id-type': 'orcid', authenticated: 'false' }, orcidUrl(p.orcid)),
          xml('name', null, xml('surname', null, p.family), p.given && xml('given-names', null, p.given)),
          affs.of[i]!.map((k) => xml('xref', { 'ref-type': 'aff', rid: `aff${k + 1}` })),
        ),
      ),
    ),
    affs.list.map((f, k) =>
      xml('aff', { id: `aff${k + 1}` }, xml('institution-wrap', null, xml('institution', null, f.name), f.ror && xml('institution-id', { 'institution-id-type': 'ror' }, f.ror))),
    ),
  ];
}

/**
 * The `<article>` element alone (no XML declaration): what an OAI-PMH record wraps. `xmlns` sets
 * its default namespace: JATS 1.3's elements are in no namespace, so inside an OAI-PMH answer,
 * whose default namespace is the protocol's, OAI passes '' (docs/product.md#oai-pmh).
 */
export function jatsArticleElement(j: JatsJournal, a: JatsArticle, xmlns?: string): XmlNode {
  const span = pageSpan(a.pagenumber);
  const abstract = abstractParagraphs(a.abstract);
  const keywords = splitKeywords(a.keywords);
  return xml(
    'article',
    {
      xmlns,
      'xmlns:xlink': 'http://www.w3.org/1999/xlink',
      'xmlns:ali': 'http://www.niso.org/schemas/ali/1.0/',
      'xmlns:mml': 'http://www.w3.org/1998/Math/MathML',
      'article-type': 'research-article',
      'dtd-version': '1.3',
      'xml:lang': j.language || undefined,
    },
    xmlLines(
      xml(
        'front',
        null,
        xmlLines(
          xml(
            'journal-meta',
            null,
            xmlLines(
              xml('journal-id', { 'journal-id-type': 'publisher-id' }, j.id),
              xml('journal-title-group', null, xml('journal-title', null, j.title)),
              [issn(j.issn, 'print'), issn(j.eissn, 'electronic')],
              j.publisher && xml('publisher', null, xml('publisher-name', null, j.publisher)),
            ),
          ),
          xml(
            'article-meta',
            null,
            xmlLines(
              xml('article-id', { 'pub-id-type': 'publisher-id' }, a.refnumber),
              a.doi && xml('article-id', { 'pub-id-type': 'doi' }, a.doi),
              xml('title-group', null, xml('article-title', null, inlineMarkup(a.title, JATS_FACE))),
              contributors(a),
              pubDate(a),
              xml('volume', null, a.volume),
              xml('issue', null, a.issue),
              span && [xml('fpage', null, span.first), xml('lpage', null, span.last)],
              permissions(a.license),
              xml('self-uri', { 'xlink:href': a.url }),
              a.pdfUrl && xml('self-uri', { 'content-type': 'pdf', 'xlink:href': a.pdfUrl }),
              abstract.length > 0 && xml('abstract', null, abstract.map((p) => xml('p', null, p))),
              keywords.length > 0 && xml('kwd-group', { 'kwd-group-type': 'author' }, keywords.map((k) => xml('kwd', null, k))),
            ),
          ),
        ),
      ),
      !!a.references?.length && xml('back', null, xml('ref-list', null, a.references.map(reference))),
    ),
  );
}

export const jatsArticle = (j: JatsJournal, a: JatsArticle): string => xmlOrderedDocument(jatsArticleElement(j, a), '\n');
