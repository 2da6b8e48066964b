/**
 * Pure builders of an article page's machine-readable head: Google Scholar citation tags
 * (Highwire Press names) and schema.org JSON-LD. The render process serves what these return and
 * the browser keeps the same tags after hydration.
 */
import { citationDate } from '@journal/contracts/citation-date';
import { doiUrl } from '@journal/contracts/doi-url';
import { publishedFileUrl } from '@journal/contracts/public-url';
import { machineAuthors } from '@journal/contracts/author-name';
import { orcidUrl } from '@journal/contracts/scholarly-ids';
import type { PublicAuthor } from '@journal/contracts/article-authors';
import type { ArticleReference } from '@journal/contracts/references';
import { languageCode } from '@journal/contracts/language-code';
import { decodeEntities } from '@journal/contracts/text.rules';
import { pageSpan, splitKeywords } from '@journal/contracts/citation-fields';
import { dropTags } from '@journal/contracts/plain-text';
import { titleText } from './citation';

export interface CitationArticle {
  title: string;
  authorname: string;
  abstract?: string;
  keywords?: string;
  publishdate?: string;
  year: number;
  volume: number;
  issue: number;
  pagenumber?: string;
  pageStart?: number;
  pageEnd?: number;
  pdf_url?: string | null;
  /** '' or absent: the article has no DOI. */
  doi?: string;
  /** docs/product.md#structured-authors: the list when the answer has one. */
  authors?: PublicAuthor[];
  references?: ArticleReference[];
}

/** The licence the article states (its own, else its journal's), as the head and the page show it. */
export interface HeadLicense {
  url: string;
  label: string;
  line: string;
}

/** The authors as names machines get: the list ('Given Family'), else the bare names of the text. */
const authorsOf = (a: CitationArticle): PublicAuthor[] =>
  a.authors?.length
    ? a.authors
    : machineAuthors(a.authorname).map((name) => ({ given: '', family: name, affiliations: [], orcid: '', corresponding: false }));
const nameOf = (p: Pick<PublicAuthor, 'given' | 'family'>) => (p.given ? `${p.given} ${p.family}` : p.family);

export interface CitationJournal {
  name: string;
  issn?: string;
  essn?: string;
  /** The language as the settings name it ('English'); machines are given its ISO 639 code. */
  language?: string;
}


/**
 * Sanitised HTML → plain text: tags dropped, then entities decoded exactly once. The result is
 * text, escaped once by whoever writes it (React for a meta attribute, JSON for JSON-LD);
 * docs/product.md#machine-readable-text.
 */
export const plainText = (html: string | undefined) =>
  decodeEntities(dropTags(html))
    .replace(/\s+/g, ' ')
    .trim();

function pages(a: CitationArticle) {
  const r = pageSpan(a.pagenumber);
  return { first: a.pageStart ? String(a.pageStart) : (r?.first ?? ''), last: a.pageEnd ? String(a.pageEnd) : (r?.last ?? '') };
}

/** [name, content] pairs of the citation meta tags, in the order Scholar documents them. */
export function citationMetaTags(a: CitationArticle, j: CitationJournal, pageUrl: string, origin: string): [string, string][] {
  const { first, last } = pages(a);
  const pdf = publishedFileUrl(origin, a.pdf_url);
  const keywords = splitKeywords(a.keywords);
  const tags: [string, string][] = [
    ['citation_title', titleText(a.title)],
    // Scholar reads each author's institution and iD from the tags right after the author's name.
    ...authorsOf(a).flatMap((p): [string, string][] => [
      ['citation_author', nameOf(p)],
      ...p.affiliations.map((f): [string, string] => ['citation_author_institution', f.name]),
      ...(p.orcid ? [['citation_author_orcid', orcidUrl(p.orcid)] as [string, string]] : []),
    ]),
    ['citation_publication_date', citationDate(a.publishdate, a.year)],
    ['citation_journal_title', j.name],
    ['citation_issn', j.issn ?? ''],
    ['citation_issn', j.essn ?? ''],
    ['citation_volume', String(a.volume)],
    ['citation_issue', String(a.issue)],
    ['citation_firstpage', first],
    ['citation_lastpage', last],
    ['citation_doi', a.doi ?? ''],
    ['citation_pdf_url', pdf],
    ['citation_abstract_html_url', pageUrl],
    ['citation_keywords', keywords.join('; ')],
    ['citation_language', languageCode(j.language) ?? ''],
    ...(a.references ?? []).map((r): [string, string] => ['citation_reference', r.text]),
  ];
  return tags.filter(([, v]) => v);
}

/** schema.org Person of one author: the names, affiliations (their ROR ids) and ORCID iD. */
const person = (p: PublicAuthor) => ({
  '@type': 'Person',
  name: nameOf(p),
  ...(p.given ? { givenName: p.given } : {}),
  familyName: p.family,
  ...(p.affiliations.length ? { affiliation: p.affiliations.map((f) => ({ '@type': 'Organization', name: f.name, ...(f.ror ? { sameAs: f.ror } : {}) })) } : {}),
  ...(p.orcid ? { sameAs: orcidUrl(p.orcid) } : {}),
});

/** schema.org ScholarlyArticle of the article page. */
export function articleJsonLd(a: CitationArticle, j: CitationJournal, pageUrl: string, origin: string, license?: HeadLicense | null): Record<string, unknown> {
  const title = titleText(a.title);
  const { first, last } = pages(a);
  const pdf = publishedFileUrl(origin, a.pdf_url);
  const keywords = splitKeywords(a.keywords);
  const abstract = plainText(a.abstract);
  const inLanguage = languageCode(j.language);
  return {
    '@context': 'https://schema.org',
    '@type': 'ScholarlyArticle',
    headline: title.slice(0, 500),
    name: title,
    author: a.authors?.length ? a.authors.map(person) : machineAuthors(a.authorname).map((name) => ({ '@type': 'Person', name })),
    datePublished: citationDate(a.publishdate, a.year).replace(/\//g, '-'),
    ...(first ? { pageStart: first } : {}),
    ...(last ? { pageEnd: last } : {}),
    ...(keywords.length ? { keywords } : {}),
    ...(abstract ? { abstract, description: abstract } : {}),
    ...(inLanguage ? { inLanguage } : {}),
    publisher: { '@type': 'Organization', name: j.name, url: origin },
    url: pageUrl,
    ...doiJsonLd(a.doi),
    ...(pdf ? { encoding: { '@type': 'MediaObject', contentUrl: pdf, encodingFormat: 'application/pdf' } } : {}),
    ...(license ? { license: license.url } : {}),
    ...(a.references?.length
      ? { citation: a.references.map((r) => ({ '@type': 'CreativeWork', name: r.text, ...(r.doi ? { sameAs: doiUrl(r.doi) } : {}) })) }
      : {}),
    isPartOf: {
      '@type': 'PublicationIssue',
      issueNumber: String(a.issue),
      datePublished: String(a.year),
      isPartOf: {
        '@type': 'PublicationVolume',
        volumeNumber: String(a.volume),
        isPartOf: { '@type': 'Periodical', name: j.name, ...(j.issn || j.essn ? { issn: [j.issn, j.essn].filter(Boolean) } : {}) },
      },
    },
  };
}

/** The DOI as schema.org has it: a PropertyValue identifier, and the resolver link in sameAs. */
export function doiJsonLd(doi: string | undefined): { identifier?: Record<string, string>; sameAs?: string } {
  if (!doi) return {};
  return { identifier: { '@type': 'PropertyValue', propertyID: 'DOI', value: doi }, sameAs: doiUrl(doi) };
}

/** JSON for a <script> element: nothing in it can close the element. */
export const scriptJson = (data: unknown) =>
  JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
