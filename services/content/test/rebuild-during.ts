import { rebuildJournalViews } from '../src/views/views-rebuild';
import type { TestContentApp } from './helpers';

/**
 * Rebuilds a journal's views on `app` two articles at a time and, once the first two are done,
 * runs `write` once: a write made while a rebuild is under way. Returns the rebuild's result.
 */
export async function rebuildWithWriteDuring(app: Pick<TestContentApp, 'views' | 'deps'>, journalId: string, write: () => Promise<void>) {
  let wrote = false;
  const r = await rebuildJournalViews(app.views, journalId, {
    logger: app.deps.logger,
    batch: 2,
    progress: async (done) => {
      if (wrote || done < 2) return;
      wrote = true;
      await write();
    },
  });
  expect(wrote).toBe(true);
  return r;
}
