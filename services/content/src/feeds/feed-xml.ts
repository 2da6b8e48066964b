import { doiUrl } from '@journal/contracts';
import { xmlEscape } from '../seo/xml';
import { machineAuthors } from '@journal/contracts';
import { plain } from '../shared/text';

/**
 * Atom 1.0 and RSS 2.0 of a journal's newest articles. Pure: every URL comes in absolute, every
 * text sanitised (titles inline HTML, abstracts under the rich-text allow-list).
 */

export interface FeedEntry {
  title: string;
  authorname: string;
  abstract: string;
  pageUrl: string;
  /** Absolute PDF URL and its size in bytes, or null without a file. */
  pdf: { url: string; length: number } | null;
  doi: string;
  /** ISO dates. */
  published: string;
  updated: string;
}

export interface FeedChannel {
  title: string;
  description: string;
  homeUrl: string;
  selfUrl: string;
  language?: string;
  updated: string;
}

const NS_DC = 'http://purl.org/dc/elements/1.1/';
const NS_PRISM = 'http://prismstandard.org/namespaces/basic/2.0/';

const iso = (d: string) => (Number.isNaN(Date.parse(d)) ? new Date(0) : new Date(d)).toISOString();

export function atomFeed(ch: FeedChannel, entries: FeedEntry[]): string {
  const out = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="${NS_DC}" xmlns:prism="${NS_PRISM}"${ch.language ? ` xml:lang="${xmlEscape(ch.language)}"` : ''}>`,
    `<title>${xmlEscape(ch.title)}</title>`,
    ch.description ? `<subtitle>${xmlEscape(ch.description)}</subtitle>` : '',
    `<link rel="self" type="application/atom+xml" href="${xmlEscape(ch.selfUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlEscape(ch.homeUrl)}"/>`,
    `<id>${xmlEscape(ch.homeUrl)}</id>`,
    `<updated>${iso(ch.updated)}</updated>`,
  ];
  for (const e of entries) {
    out.push(
      '<entry>',
      `<title type="html">${xmlEscape(e.title)}</title>`,
      `<id>${xmlEscape(e.pageUrl)}</id>`,
      `<link rel="alternate" type="text/html" href="${xmlEscape(e.pageUrl)}"/>`,
      e.pdf ? `<link rel="enclosure" type="application/pdf" length="${e.pdf.length}" href="${xmlEscape(e.pdf.url)}"/>` : '',
      e.doi ? `<link rel="related" href="${xmlEscape(doiUrl(e.doi))}" title="DOI"/>` : '',
      `<published>${iso(e.published)}</published>`,
      `<updated>${iso(e.updated)}</updated>`,
      ...machineAuthors(e.authorname).map((n) => `<author><name>${xmlEscape(n)}</name></author>`),
      e.abstract ? `<summary type="html">${xmlEscape(e.abstract)}</summary>` : '',
      e.doi ? `<dc:identifier>doi:${xmlEscape(e.doi)}</dc:identifier><prism:doi>${xmlEscape(e.doi)}</prism:doi>` : '',
      '</entry>',
    );
  }
  out.push('</feed>', '');
  return out.filter(Boolean).join('\n');
}

export function rssFeed(ch: FeedChannel, entries: FeedEntry[]): string {
  const rfc822 = (d: string) => new Date(iso(d)).toUTCString();
  const out = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="${NS_DC}" xmlns:prism="${NS_PRISM}">`,
    '<channel>',
    `<title>${xmlEscape(ch.title)}</title>`,
    `<link>${xmlEscape(ch.homeUrl)}</link>`,
    `<description>${xmlEscape(ch.description || ch.title)}</description>`,
    `<atom:link rel="self" type="application/rss+xml" href="${xmlEscape(ch.selfUrl)}"/>`,
    ch.language ? `<language>${xmlEscape(ch.language)}</language>` : '',
    `<lastBuildDate>${rfc822(ch.updated)}</lastBuildDate>`,
  ];
  for (const e of entries) {
    out.push(
      '<item>',
      `<title>${xmlEscape(plain(e.title))}</title>`,
      `<link>${xmlEscape(e.pageUrl)}</link>`,
      `<guid isPermaLink="true">${xmlEscape(e.pageUrl)}</guid>`,
      ...machineAuthors(e.authorname).map((n) => `<dc:creator>${xmlEscape(n)}</dc:creator>`),
      e.abstract ? `<description>${xmlEscape(e.abstract)}</description>` : '',
      `<pubDate>${rfc822(e.published)}</pubDate>`,
      e.pdf ? `<enclosure url="${xmlEscape(e.pdf.url)}" length="${e.pdf.length}" type="application/pdf"/>` : '',
      e.doi ? `<dc:identifier>doi:${xmlEscape(e.doi)}</dc:identifier><prism:doi>${xmlEscape(e.doi)}</prism:doi>` : '',
      '</item>',
    );
  }
  out.push('</channel>', '</rss>', '');
  return out.filter(Boolean).join('\n');
}
