import { doiUrl, escapeHtml } from '@journal/common';
import type { Journal } from '../journals/journal.repo';
import type { ArticleDetail, ArticleSummary } from '../public/public.service';
import { plain, splitAuthors } from '../shared/text';
import { absolute, pagePath } from './public-url';

export interface PageParts {
  title: string;
  head: string;
  noscript: string;
}

const meta = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;

/** JSON inside <script>: `<` escaped so no text can close the element. */
const jsonLd = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}</script>`;

const journalName = (j: Journal) => plain(j.websitename || j.formatted_journal_name || j.slug);

/** Google Scholar wants YYYY/MM/DD or YYYY. */
export function citationDate(publishdate: string, year: number): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(publishdate ?? '');
  if (iso) return `${iso[1]}/${iso[2]}/${iso[3]}`;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec((publishdate ?? '').trim());
  if (dmy) return `${dmy[3]}/${dmy[2]!.padStart(2, '0')}/${dmy[1]!.padStart(2, '0')}`;
  return String(year);
}

const capitalise = (s: string) => s.split('-').map((p) => p.charAt(0).toUpperCase() + p.slice(1).toLowerCase()).join('-');

/** Spec §2 issue title: 'VOL. v, ISSUE n (year)' plus ' — Frequency' with each hyphen part capitalised. */
export function issueHeading(year: number, volume: number, issue: number, frequency: string): string {
  const base = `VOL. ${volume}, ISSUE ${issue} (${year})`;
  return frequency ? `${base} — ${capitalise(frequency)}` : base;
}

export function articlePage(j: Journal, a: ArticleDetail, origin: string): PageParts {
  const name = journalName(j);
  const title = plain(a.title);
  const abstract = plain(a.abstract);
  const url = origin + pagePath.article(a);
  const pdf = a.pdf_url ? absolute(origin, a.pdf_url) : '';
  const authors = splitAuthors(a.authorname);
  const keywords = a.keywords ? a.keywords.split(/[,;]/).map((k) => k.trim()).filter(Boolean) : [];
  const lines = [
    meta('description', abstract.slice(0, 300) || title),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('citation_title', title),
    ...authors.map((au) => meta('citation_author', au)),
    meta('citation_publication_date', citationDate(a.publishdate, a.year)),
    meta('citation_journal_title', name),
    ...(j.issn ? [meta('citation_issn', j.issn)] : []),
    ...(j.journal_essn ? [meta('citation_issn', j.journal_essn)] : []),
    meta('citation_volume', String(a.volume)),
    meta('citation_issue', String(a.issue)),
    ...(a.pageStart ? [meta('citation_firstpage', String(a.pageStart))] : []),
    ...(a.pageEnd ? [meta('citation_lastpage', String(a.pageEnd))] : []),
    ...(pdf ? [meta('citation_pdf_url', pdf)] : []),
    meta('citation_abstract_html_url', url),
    ...(a.doi ? [meta('citation_doi', a.doi)] : []),
    ...(keywords.length ? [meta('citation_keywords', keywords.join('; '))] : []),
    ...(j.journal_language ? [meta('citation_language', j.journal_language)] : []),
    `<meta property="og:type" content="article" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(name)}" />`,
    jsonLd({
      '@context': 'https://schema.org',
      '@type': 'ScholarlyArticle',
      headline: title.slice(0, 500),
      name: title,
      author: authors.map((au) => ({ '@type': 'Person', name: au })),
      datePublished: citationDate(a.publishdate, a.year).replace(/\//g, '-'),
      ...(a.pageStart ? { pageStart: String(a.pageStart) } : {}),
      ...(a.pageEnd ? { pageEnd: String(a.pageEnd) } : {}),
      ...(keywords.length ? { keywords } : {}),
      ...(abstract ? { abstract } : {}),
      url,
      ...(a.doi ? { identifier: { '@type': 'PropertyValue', propertyID: 'DOI', value: a.doi }, sameAs: doiUrl(a.doi) } : {}),
      ...(pdf ? { encoding: { '@type': 'MediaObject', contentUrl: pdf, encodingFormat: 'application/pdf' } } : {}),
      isPartOf: {
        '@type': 'PublicationIssue',
        issueNumber: String(a.issue),
        datePublished: String(a.year),
        isPartOf: {
          '@type': 'PublicationVolume',
          volumeNumber: String(a.volume),
          isPartOf: { '@type': 'Periodical', name, ...(j.issn ? { issn: j.issn } : {}) },
        },
      },
    }),
  ];
  const noscript = [
    '<noscript>',
    '<article>',
    `<p>${escapeHtml(name)} · ${escapeHtml(issueHeading(a.year, a.volume, a.issue, a.frequency))}</p>`,
    `<h1>${a.title}</h1>`,
    `<p><strong>Authors:</strong> ${escapeHtml(authors.join(', '))}</p>`,
    `<h2>Abstract</h2>`,
    `<div>${a.abstract}</div>`,
    a.pagenumber ? `<p><strong>Pages:</strong> ${escapeHtml(a.pagenumber)}</p>` : '',
    pdf ? `<p><a href="${escapeHtml(pdf)}">Download PDF</a></p>` : '',
    '</article>',
    '</noscript>',
  ].filter(Boolean).join('\n');
  return { title: escapeHtml(`${title} | ${name}`), head: lines.join('\n'), noscript };
}

export function issuePage(j: Journal, key: { year: number; volume: number; issue: number }, articles: ArticleSummary[], origin: string): PageParts {
  const name = journalName(j);
  const heading = issueHeading(key.year, key.volume, key.issue, articles[0]?.frequency ?? '');
  const url = origin + pagePath.issue(key);
  const head = [
    meta('description', `${heading}, ${name}: ${articles.length} articles`),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:title" content="${escapeHtml(heading)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
  ].join('\n');
  const items = articles.map(
    (a) =>
      `<li><a href="${escapeHtml(origin + pagePath.article(a))}">${a.title}</a> — ${escapeHtml(a.authorname)}${a.pagenumber ? ` (pp. ${escapeHtml(a.pagenumber)})` : ''}</li>`,
  );
  const noscript = ['<noscript>', `<h1>${escapeHtml(heading)}</h1>`, '<ol>', ...items, '</ol>', '</noscript>'].join('\n');
  return { title: escapeHtml(`${heading} | ${name}`), head, noscript };
}

/** Other archive paths; `path` null for pages that do not exist (no canonical link). */
export function genericPage(j: Journal, title: string, origin: string, path: string | null): PageParts {
  const name = journalName(j);
  return {
    title: escapeHtml(title ? `${title} | ${name}` : name),
    head: path ? `<link rel="canonical" href="${escapeHtml(origin + path)}" />` : '<meta name="robots" content="noindex" />',
    noscript: `<noscript><p>${escapeHtml(name)}: please enable JavaScript to browse the archives.</p></noscript>`,
  };
}
