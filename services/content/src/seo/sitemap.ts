import { xmlEscape } from './xml';

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

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const TAIL = '</urlset>\n';

const entry = (u: SitemapUrl) => `<url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${xmlEscape(u.lastmod)}</lastmod>` : ''}</url>\n`;

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
  const items = Array.from(
    { length: count },
    (_, i) => `<sitemap><loc>${xmlEscape(`${origin}/sitemap-${i + 1}.xml`)}</loc>${lastmod ? `<lastmod>${xmlEscape(lastmod)}</lastmod>` : ''}</sitemap>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('')}</sitemapindex>\n`;
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /webdata', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
