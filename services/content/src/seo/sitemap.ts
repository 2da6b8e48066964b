import { xmlDocument, xmlFragment } from './xml';

export interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

export interface SitemapLimits {
  maxUrls: number;
  maxBytes: number;
}

/** sitemaps.org limits per file. */
export const SITEMAP_LIMITS: SitemapLimits = { maxUrls: 50_000, maxBytes: 5 * 1024 * 1024 };

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
// A file is split by its size in bytes, so it is assembled from its entries: each one built alone.
export const SITEMAP_HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n`;
export const SITEMAP_TAIL = '</urlset>\n';
const HEAD = SITEMAP_HEAD;
const TAIL = SITEMAP_TAIL;

/** One URL's entry in a urlset file, its line break included. */
export const sitemapEntry = (u: SitemapUrl) => `${xmlFragment({ url: { loc: u.loc, lastmod: u.lastmod || undefined } })}\n`;
const entry = sitemapEntry;

/**
 * Splits the URLs into urlset files within the limits. One file → it is /sitemap.xml; several →
 * /sitemap.xml is `index(...)` of /sitemap-1.xml, /sitemap-2.xml, ...
 */
export function buildSitemaps(urls: SitemapUrl[], limits: SitemapLimits = SITEMAP_LIMITS): string[] {
  const files: string[] = [];
  let parts: string[] = [];
  let bytes = Buffer.byteLength(HEAD) + Buffer.byteLength(TAIL);
  const baseBytes = bytes;
  for (const u of urls) {
    const e = entry(u);
    const n = Buffer.byteLength(e);
    if (parts.length && (parts.length >= limits.maxUrls || bytes + n > limits.maxBytes)) {
      files.push(HEAD + parts.join('') + TAIL);
      parts = [];
      bytes = baseBytes;
    }
    parts.push(e);
    bytes += n;
  }
  files.push(HEAD + parts.join('') + TAIL);
  return files;
}

export function sitemapIndex(origin: string, count: number, lastmod?: string): string {
  const sitemap = Array.from({ length: count }, (_, i) => ({ loc: `${origin}/sitemap-${i + 1}.xml`, lastmod: lastmod || undefined }));
  return xmlDocument({ sitemapindex: { '@xmlns': NS, sitemap } });
}

/** Paths no crawler should read: the staff apps and the machine-to-machine usage API. */
export const ROBOTS_DISALLOWED = ['/admin', '/webdata', '/counter/'];

/**
 * Only Disallow lines: everything else is allowed by default, so a first-match reader (Python's
 * urllib.robotparser) and a longest-match one (Google's) read the same rules. An `Allow: /`
 * before them would make every path allowed to the first kind.
 */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...ROBOTS_DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
