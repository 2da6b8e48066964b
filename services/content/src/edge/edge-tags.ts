import type { NextFunction, Request, Response } from 'express';
import { SURROGATE_KEY_HEADER, TENANT_HEADER } from '@journal/server-kit';
import { cacheTag } from '../views/cache-tags';
import { firstNumber } from '../shared/text';

const ID_RE = /^[a-f0-9]{24}$/;

const safeDecode = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/**
 * The cache tags of a public answer, from its path: what the answer is made of (see cacheTag).
 * Every answer of a journal carries the journal's own tag. null: not a cacheable public read (usage
 * counts change with every reader, OAI answers are built per request): such answers name no tags,
 * and nginx then keeps them a second at most.
 */
export function edgeTagsOf(journalId: string, path: string): string[] | null {
  const j = cacheTag.journal(journalId);
  const head = cacheTag.head(journalId);
  const p = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (p === '/api/settings' || p === '/api/indexing' || p === '/api/editors' || p.startsWith('/api/editors/')) return [j, head];
  if (p === '/api/archives') return [j, cacheTag.index(journalId)];
  if (p === '/api/search') return [j, cacheTag.lists(journalId)];
  if (p === '/feed.atom' || p === '/feed.rss') return [j, head, cacheTag.lists(journalId)];
  if (p === '/sitemap.xml' || /^\/sitemap-\d{1,6}\.xml$/.test(p)) return [j, cacheTag.lists(journalId)];
  if (p === '/robots.txt') return [j];
  const article = /^\/api\/archives\/ref\/([^/]+)(\/cite\.(bib|ris|json)|\/jats\.xml)?$/.exec(p);
  if (article) {
    const ref = safeDecode(article[1]!)?.trim();
    return ref ? [j, cacheTag.article(journalId, ref)] : [j];
  }
  if (p.startsWith('/api/archives/ref/')) return null;
  // An article by its id: which article it is is not in the path, so any article change reaches it.
  if (/^\/api\/archives\/[a-f0-9]{24}$/.test(p)) return [j, cacheTag.lists(journalId)];
  const issue = /^\/api\/archives\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(p);
  if (issue) {
    const [year, volume, no] = [firstNumber(issue[1]), firstNumber(issue[2]), firstNumber(issue[3])];
    // Unparsable parts match nothing: always the same empty list.
    return year === null || volume === null || no === null ? [j] : [j, cacheTag.issue(journalId, { year, volume, issue: no })];
  }
  return null;
}

/**
 * Names the cache tags of each public read (Surrogate-Key, space-separated) before its route
 * answers, so 200s and 404s alike can be purged when a write changes what they show. The gateway
 * turns them into the CDN's headers (Cache-Tag, CDN-Cache-Control) and nginx's lifetime.
 */
export function edgeTags() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD') {
      const journalId = req.header(TENANT_HEADER);
      const tags = journalId && ID_RE.test(journalId) ? edgeTagsOf(journalId, req.path) : null;
      if (tags) res.setHeader(SURROGATE_KEY_HEADER, tags.join(' '));
    }
    next();
  };
}
