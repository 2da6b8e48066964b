import { Router } from 'express';
import { z } from 'zod';
import { AppError, parse, requireTenant } from '@journal/server-kit';
import { ARTICLE_REF_RE as REF_RE, staffRoutes } from '@journal/contracts';
import { contentStaff } from '../admin/staff-access';
import type { ContentDeps } from '../deps';
import type { HitTarget } from './hit-target';
import { issueOfPdfPath } from '../views/view-docs';
import { StatsRecorder } from './stats.recorder';
import type { MonthCount } from './stats.repo';
import { articleDescriber } from './title-rollup';
import { counterRoutes } from '../counter/counter.routes';
import { institutionOf } from '../counter/institution-ranges';

const issueKey = z.object({
  year: z.coerce.number().int().min(0).max(9999),
  volume: z.coerce.number().int().min(0).max(1_000_000),
  issue: z.coerce.number().int().min(0).max(1_000_000),
});

const sum = (ms: MonthCount[]) => ms.reduce((t, m) => ({ views: t.views + m.views, downloads: t.downloads + m.downloads }), { views: 0, downloads: 0 });

/** Months added up over several articles, oldest first. */
function byMonth(lists: MonthCount[][]): MonthCount[] {
  const m = new Map<string, MonthCount>();
  for (const list of lists) {
    for (const c of list) {
      const t = m.get(c.month) ?? { month: c.month, views: 0, downloads: 0 };
      t.views += c.views;
      t.downloads += c.downloads;
      m.set(c.month, t);
    }
  }
  return [...m.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/**
 * Usage counting (COUNTER-style) and its reports. The hits come from nginx's usage log (see
 * usage-log.ts); this builds the recorder they go to and serves the counts.
 */
export function statsRoutes(deps: ContentDeps): { router: Router; recorder: StatsRecorder } {
  const svc = deps.publicService;
  const { config } = deps;

  const resolve = async (journalId: string, t: Exclude<HitTarget, { kind: 'search' }>): Promise<string | null> => {
    if (t.kind === 'view') return (await svc.findByRef(journalId, t.ref))?.id ?? null;
    // File URLs carry a version query that the logged path no longer has: the PDF's issue view
    // lists the article pointing at the bare path.
    const key = issueOfPdfPath(t.path);
    if (!key) return null;
    const list = await svc.issueArticles(journalId, key);
    return list.find((a) => a.pdf_url?.split('?')[0] === t.path)?.id ?? null;
  };

  const describe = articleDescriber(
    (journalId, id) => deps.repos.articles.findById(journalId, id),
    async (journalId) => (await svc.journal(journalId))?.license,
  );

  const counter = counterRoutes(deps);
  const institutions = counter.service.institutions;
  const attribute = async (journalId: string) => {
    const table = await institutions.table(journalId);
    return (ip: string) => institutionOf(table, ip);
  };
  const recorder = new StatsRecorder(
    deps.redis,
    deps.repos.stats,
    resolve,
    describe,
    deps.logger,
    {
      prefix: config.REDIS_PREFIX,
      dedupeMs: config.STATS_DEDUPE_MS,
      bufferMax: config.STATS_BUFFER_MAX,
      pushMs: config.STATS_PUSH_MS,
      flushMs: config.STATS_FLUSH_MS,
    },
    attribute,
  );
  const staff = contentStaff(deps);
  const r = Router();

  /** The public counts of one article, when the journal shows them. */
  r.get('/api/archives/ref/:ref/stats', requireTenant, async (req, res) => {
    const ref = String(req.params.ref);
    const j = await svc.journal(req.journalId);
    if (!j?.flags.showUsageStats || !REF_RE.test(ref)) throw new AppError(404, 'not_found', 'Not found');
    const a = await svc.findByRef(req.journalId, ref);
    if (!a) throw new AppError(404, 'not_found', 'Article not found!');
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.json(await deps.repos.stats.totals(req.journalId, a.id));
  });

  /** Per-article and per-month counts of one issue (all statuses), for the admin. */
  r.get('/api/admin/stats/:year/:vol/:issue', requireTenant, staff(staffRoutes.issueStats), async (req, res) => {
    const key = parse(issueKey, { year: req.params.year, volume: req.params.vol, issue: req.params.issue });
    const articles = await deps.repos.articles.listByIssue(req.journalId, key, { fields: ['title', 'refnumber', 'status'] });
    const counts = await deps.repos.stats.byArticles(req.journalId, articles.map((a) => a.id));
    const rows = articles.map((a) => {
      const months = counts.get(a.id) ?? [];
      return { id: a.id, refnumber: a.refnumber, title: a.title, status: a.status, ...sum(months), months };
    });
    const months = byMonth(rows.map((x) => x.months));
    res.setHeader('Cache-Control', 'no-store');
    res.json({ ...key, ...sum(months), months, articles: rows });
  });

  r.use(counter.router);

  return { router: r, recorder };
}
