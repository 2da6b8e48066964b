import { doiUrl } from '@journal/contracts';
import { xmlDocument } from '../seo/xml';
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

const doiElements = (doi: string) => (doi ? { 'dc:identifier': `doi:${doi}`, 'prism:doi': doi } : {});

export function atomFeed(ch: FeedChannel, entries: FeedEntry[]): string {
  return xmlDocument({
    feed: {
      '@xmlns': 'http://www.w3.org/2005/Atom',
      '@xmlns:dc': NS_DC,
      '@xmlns:prism': NS_PRISM,
      '@xml:lang': ch.language || undefined,
      title: ch.title,
      subtitle: ch.description || undefined,
      link: [
        { '@rel': 'self', '@type': 'application/atom+xml', '@href': ch.selfUrl },
        { '@rel': 'alternate', '@type': 'text/html', '@href': ch.homeUrl },
      ],
      id: ch.homeUrl,
      updated: iso(ch.updated),
      entry: entries.map((e) => ({
        title: { '@type': 'html', '#text': e.title },
        id: e.pageUrl,
        link: [
          { '@rel': 'alternate', '@type': 'text/html', '@href': e.pageUrl },
          ...(e.pdf ? [{ '@rel': 'enclosure', '@type': 'application/pdf', '@length': e.pdf.length, '@href': e.pdf.url }] : []),
          ...(e.doi ? [{ '@rel': 'related', '@href': doiUrl(e.doi), '@title': 'DOI' }] : []),
        ],
        published: iso(e.published),
        updated: iso(e.updated),
        author: machineAuthors(e.authorname).map((name) => ({ name })),
        summary: e.abstract ? { '@type': 'html', '#text': e.abstract } : undefined,
        ...doiElements(e.doi),
      })),
    },
  });
}

export function rssFeed(ch: FeedChannel, entries: FeedEntry[]): string {
  const rfc822 = (d: string) => new Date(iso(d)).toUTCString();
  return xmlDocument({
    rss: {
      '@version': '2.0',
      '@xmlns:atom': 'http://www.w3.org/2005/Atom',
      '@xmlns:dc': NS_DC,
      '@xmlns:prism': NS_PRISM,
      channel: {
        title: ch.title,
        link: ch.homeUrl,
        description: ch.description || ch.title,
        'atom:link': { '@rel': 'self', '@type': 'application/rss+xml', '@href': ch.selfUrl },
        language: ch.language || undefined,
        lastBuildDate: rfc822(ch.updated),
        item: entries.map((e) => ({
          title: plain(e.title),
          link: e.pageUrl,
          guid: { '@isPermaLink': 'true', '#text': e.pageUrl },
          'dc:creator': machineAuthors(e.authorname),
          description: e.abstract || undefined,
          pubDate: rfc822(e.published),
          enclosure: e.pdf ? { '@url': e.pdf.url, '@length': e.pdf.length, '@type': 'application/pdf' } : undefined,
          ...doiElements(e.doi),
        })),
      },
    },
  });
}
