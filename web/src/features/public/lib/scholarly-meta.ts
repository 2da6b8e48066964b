/**
 * Pure builders of an article's scholarly metadata for the page head: Highwire-style citation_*
 * meta tags (Google Scholar) and schema.org JSON-LD, both carrying the DOI when there is one.
 * No DOM here, so the server-rendered head and the browser use the same output.
 */
import { doiUrl } from '@journal/common/schemas';
import { pageRange, splitAuthors, titleText } from './citation';

export interface ScholarlyArticle {
  title: string;
  authorname: string;
  year: number | string;
  volume: number | string;
  issue: number | string;
  pagenumber: string;
  publishdate?: string;
  keywords?: string;
  doi?: string;
}

export interface ScholarlyJournal {
  name: string;
  issn?: string;
  language?: string;
}

/** 'YYYY/MM/DD' from the publish date, else the year. */
export const citationDate = (a: Pick<ScholarlyArticle, 'publishdate' | 'year'>) =>
  a.publishdate ? String(a.publishdate).slice(0, 10).replace(/-/g, '/') : String(a.year);

/** [name, content] pairs of the citation_* meta tags, empty values left out. */
export function citationMetaTags(a: ScholarlyArticle, journal: ScholarlyJournal, urls: { page?: string; pdf?: string }): [string, string][] {
  const { first, last } = pageRange(a.pagenumber);
  const tags: [string, string][] = [
    ['citation_title', titleText(a.title)],
    ...splitAuthors(a.authorname).map((n): [string, string] => ['citation_author', n]),
    ['citation_publication_date', citationDate(a)],
    ['citation_journal_title', journal.name],
    ['citation_issn', journal.issn ?? ''],
    ['citation_volume', String(a.volume)],
    ['citation_issue', String(a.issue)],
    ['citation_firstpage', first],
    ['citation_lastpage', last],
    ['citation_doi', a.doi ?? ''],
    ['citation_pdf_url', urls.pdf ?? ''],
    ['citation_abstract_html_url', urls.page ?? ''],
    ['citation_language', journal.language ?? ''],
  ];
  return tags.filter(([, v]) => v);
}

/** The DOI as schema.org wants it: a PropertyValue identifier plus the resolver link in sameAs. */
export function doiJsonLd(doi: string | undefined): { identifier?: object; sameAs?: string } {
  if (!doi) return {};
  return { identifier: { '@type': 'PropertyValue', propertyID: 'DOI', value: doi }, sameAs: doiUrl(doi) };
}

/** schema.org ScholarlyArticle of the article page. */
export function articleJsonLd(a: ScholarlyArticle, journal: ScholarlyJournal, urls: { page?: string; pdf?: string }): Record<string, unknown> {
  const title = titleText(a.title);
  const { first, last } = pageRange(a.pagenumber);
  return {
    '@context': 'https://schema.org',
    '@type': 'ScholarlyArticle',
    headline: title.slice(0, 500),
    name: title,
    author: splitAuthors(a.authorname).map((name) => ({ '@type': 'Person', name })),
    datePublished: citationDate(a).replace(/\//g, '-'),
    ...(first ? { pageStart: first } : {}),
    ...(last ? { pageEnd: last } : {}),
    ...(urls.page ? { url: urls.page } : {}),
    ...doiJsonLd(a.doi),
    ...(urls.pdf ? { encoding: { '@type': 'MediaObject', contentUrl: urls.pdf, encodingFormat: 'application/pdf' } } : {}),
    isPartOf: {
      '@type': 'PublicationIssue',
      issueNumber: String(a.issue),
      datePublished: String(a.year),
      isPartOf: {
        '@type': 'PublicationVolume',
        volumeNumber: String(a.volume),
        isPartOf: { '@type': 'Periodical', name: journal.name, ...(journal.issn ? { issn: journal.issn } : {}) },
      },
    },
  };
}
