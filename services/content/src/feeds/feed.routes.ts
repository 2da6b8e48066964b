import { Router, type Request } from 'express';
import { AppError, requireTenant } from '@journal/server-kit';
import { publishedFileUrl, languageCode } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import { etagOf, type CachedBody } from '../views/view-cache';
import { sendCached } from '../cache/http-cache';
import { pagePath, publicOrigin } from '../seo/public-url';
import { plain } from '../shared/text';
import { atomFeed, rssFeed, type FeedChannel, type FeedEntry } from './feed-xml';

/** How many of the newest articles a feed lists. */
export const FEED_SIZE = 50;

const KINDS = {
  atom: { path: '/feed.atom', contentType: 'application/atom+xml; charset=utf-8', render: atomFeed },
  rss: { path: '/feed.rss', contentType: 'application/rss+xml; charset=utf-8', render: rssFeed },
} as const;

/** GET /feed.atom and /feed.rss: the journal's newest articles, cached per journal version. */
export function feedRoutes(deps: ContentDeps): Router {
  const svc = deps.publicService;
  const r = Router();

  async function entries(req: Request, origin: string): Promise<{ channel: Omit<FeedChannel, 'selfUrl'>; entries: FeedEntry[] }> {
    const jid = req.journalId;
    const [j, newest] = await Promise.all([svc.journal(jid), svc.newest(jid, FEED_SIZE)]);
    if (!j) throw new AppError(404, 'unknown_journal', 'Journal not found');
    const details = await svc.detailsByRefs(jid, newest.map((a) => a.refnumber));
    const list = await Promise.all(
      details.map(async (a): Promise<FeedEntry> => {
        const stat = a.pdf_url ? await deps.files.stat(jid, a.pdf_url) : null;
        return {
          title: a.title,
          authorname: a.authorname,
          abstract: a.abstract,
          pageUrl: origin + pagePath.article(a),
          pdf: a.pdf_url && stat ? { url: publishedFileUrl(origin, a.pdf_url), length: stat.length } : null,
          doi: a.doi,
          published: a.publishdate || a.creation,
          updated: a.modification,
        };
      }),
    );
    const updated = list.reduce((m, e) => (e.updated > m ? e.updated : m), new Date(0).toISOString());
    return {
      channel: {
        title: j.websitename,
        description: plain(j.formatted_journal_name) || j.websitename,
        homeUrl: `${origin}/`,
        language: languageCode(j.journal_language),
        updated,
      },
      entries: list,
    };
  }

  for (const [kind, k] of Object.entries(KINDS)) {
    r.get(k.path, requireTenant, async (req, res) => {
      const origin = publicOrigin(req, deps.config);
      const c = await deps.cache.get<CachedBody>(req.journalId, `feed:${kind}:${origin}`, async () => {
        const { channel, entries: list } = await entries(req, origin);
        const body = Buffer.from(k.render({ ...channel, selfUrl: origin + k.path }, list));
        return { body, contentType: k.contentType, etag: etagOf(body) };
      }, (b) => b.body.length + 200);
      sendCached(req, res, c);
    });
  }
  return r;
}
