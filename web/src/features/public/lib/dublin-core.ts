/**
 * Dublin Core meta tags of an article page (`DC.*`, the names OJS pages carry and some indexers
 * read instead of the citation tags): built beside them from the same article, journal and rules
 * (docs/product.md#machine-readable-output).
 */
import { citationDate } from '@journal/contracts/citation-date';
import { publishedFileUrl } from '@journal/contracts/public-url';
import { machineAuthors } from '@journal/contracts/author-name';
import { languageCode } from '@journal/contracts/language-code';
import { pageSpan, splitKeywords } from '@journal/contracts/citation-fields';
import { titleText } from './citation';
import { plainText, type CitationArticle, type CitationJournal, type HeadLicense } from './citation-meta';

/** Each keyword once, compared without case (a list that repeats one is read as one subject). */
function distinct(list: string[]): string[] {
  const seen = new Set<string>();
  return list.filter((k) => {
    const key = k.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** [name, content] pairs; empty values are left out. Creators are 'Family, Given', as in OAI `dc:creator`. */
export function dublinCoreTags(a: CitationArticle, j: CitationJournal, pageUrl: string, origin: string, license: HeadLicense | null): [string, string][] {
  const creators = a.authors?.length ? a.authors.map((p) => (p.given ? `${p.family}, ${p.given}` : p.family)) : machineAuthors(a.authorname);
  const span = pageSpan(a.pagenumber);
  const pdf = publishedFileUrl(origin, a.pdf_url);
  const tags: [string, string][] = [
    ['DC.title', titleText(a.title)],
    ...creators.map((c): [string, string] => ['DC.creator', c]),
    ...distinct(splitKeywords(a.keywords)).map((k): [string, string] => ['DC.subject', k]),
    ['DC.description', plainText(a.abstract)],
    ['DC.publisher', j.name],
    ['DC.date', citationDate(a.publishdate, a.year).replace(/\//g, '-')],
    ['DC.type', 'Text'],
    ['DC.type', 'article'],
    ['DC.format', pdf ? 'application/pdf' : 'text/html'],
    ['DC.identifier', pageUrl],
    ['DC.identifier', a.doi ? `doi:${a.doi}` : ''],
    ['DC.identifier.DOI', a.doi ?? ''],
    ['DC.identifier.pageNumber', span ? (span.first === span.last ? span.first : `${span.first}-${span.last}`) : ''],
    ['DC.source', j.name],
    ['DC.source.ISSN', j.issn ?? ''],
    ['DC.source.ISSN', j.essn ?? ''],
    ['DC.source.volume', String(a.volume)],
    ['DC.source.issue', String(a.issue)],
    ['DC.source.URI', origin],
    ['DC.language', languageCode(j.language) ?? ''],
    ['DC.rights', license?.url ?? ''],
  ];
  return tags.filter(([, v]) => v);
}
