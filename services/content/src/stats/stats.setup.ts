import type { Router } from 'express';
import type { ContentDeps } from '../deps';
import type { InstitutionDirectory } from '../counter/institution-ranges';
import { StatsRecorder } from './stats.recorder';
import { statsRoutes } from './stats.routes';
import { StatsService } from './stats.service';

/**
 * Usage counting (COUNTER-style) and its counts. The hits come from nginx's usage log (see
 * usage-log.ts) and go to the recorder built here, which counts each for the institution whose IP
 * ranges hold its address as well (`institutions`, the journal's COUNTER customers' and the
 * platform's); the routes serve the counts.
 */
export function startStats(deps: ContentDeps, institutions: InstitutionDirectory): { router: Router; recorder: StatsRecorder } {
  const { config } = deps;
  const stats = new StatsService(deps.repos.stats, deps.repos.articles, deps.publicService);
  const recorder = new StatsRecorder(
    deps.redis,
    deps.repos.stats,
    (journalId, target) => stats.articleOfHit(journalId, target),
    stats.describe,
    deps.logger,
    {
      prefix: config.REDIS_PREFIX,
      dedupeMs: config.STATS_DEDUPE_MS,
      bufferMax: config.STATS_BUFFER_MAX,
      pushMs: config.STATS_PUSH_MS,
      flushMs: config.STATS_FLUSH_MS,
      itemMonthsFirstMs: config.STATS_ITEM_MONTHS_FIRST_MS,
    },
    (journalId) => institutions.rule(journalId),
  );
  return { router: statsRoutes(deps, stats), recorder };
}
