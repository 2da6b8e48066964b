/**
 * A site path made absolute against the public origin (`https://journal.example.org`), each path
 * segment URL-encoded exactly once: a path that arrives encoded already (`a%20b.pdf`, as
 * `articlePdfPath` builds it) is not encoded again. A query or fragment (a file's `?v=` version)
 * is kept as it is; an absolute http(s) URL is returned unchanged.
 */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const q = path.search(/[?#]/);
  const [p, rest] = q < 0 ? [path, ''] : [path.slice(0, q), path.slice(q)];
  return origin + p.split('/').map((s) => encodeURIComponent(decodeOnce(s))).join('/') + rest;
}

function decodeOnce(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The one URL a stored file is published under (citation tags, JSON-LD, sitemaps, OAI, feeds,
 * DOAJ, JATS): absolute and bare, without the `?v=` version the site's own download links carry
 * for the edge cache, so crawlers see one URL per file (docs/product.md#machine-readable-output).
 * '' when there is no file.
 */
export const publishedFileUrl = (origin: string, path: string | null | undefined): string => (path ? absoluteUrl(origin, path.replace(/[?#][^]*$/, '')) : '');
