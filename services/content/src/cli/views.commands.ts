import { AppError, type CliCommand } from '@journal/server-kit';
import type { JournalRepo } from '../journals/journal.repo';
import type { ChangePublisher } from '../views/change-publisher';
import type { ViewStore } from '../views/view-store';
import { rebuildAllViews, rebuildJournalViews, type RebuildResult } from '../views/views-rebuild';
import { progressBar } from '../seed/publisher';

export interface ViewsCliDeps {
  journals: JournalRepo;
  store: ViewStore;
  publisher: ChangePublisher;
  /** Where the rebuild logs (stderr). */
  logger: Parameters<typeof rebuildJournalViews>[2]['logger'];
  /** A terminal gets a progress bar; otherwise a line every few seconds. */
  tty: boolean;
}

/** `jp views rebuild [--journal SLUG]`: the persisted public views built from the stored documents. */
export function viewsCommands(deps: () => Promise<ViewsCliDeps>): CliCommand[] {
  return [
    {
      words: ['views', 'rebuild'],
      summary: "build the journals' public views from their stored documents (resumable; progress on stderr)",
      options: { journal: { type: 'string', describe: 'only this journal (its slug); default: every journal' } },
      async run(a) {
        const d = await deps();
        const journals = a.journal ? [await d.journals.findBySlug(String(a.journal))] : await d.journals.listAll();
        if (journals.some((j) => !j)) throw new AppError(404, 'unknown_journal', `No journal with the slug ${String(a.journal)}`);
        const results: (RebuildResult & { slug: string })[] = [];
        const slugs = new Map(journals.map((j) => [j!.id, j!.slug]));
        const bars = new Map<string, ReturnType<typeof progressBar>>();
        const progress = (id: string) => (done: number, total: number) => {
          let bar = bars.get(id);
          if (!bar) bars.set(id, (bar = progressBar(`${slugs.get(id)} articles`, total, d.tty)));
          bar(done);
        };
        const finished = async (id: string, r: RebuildResult) => {
          // Every running replica drops what it holds of the journal.
          if (r.status === 'done') await d.publisher.announceAll(id);
          results.push({ slug: slugs.get(id)!, ...r });
        };
        if (journals.length === 1) {
          const id = journals[0]!.id;
          await finished(id, await rebuildJournalViews(d.store, id, { logger: d.logger, progress: progress(id) }));
        } else {
          // Several journals: their documents read a group at a time (one query per collection per group).
          await rebuildAllViews(d.store, [...slugs.keys()], { logger: d.logger, progressOf: progress, onJournal: finished });
        }
        const text = results.map((r) => `${r.slug.padEnd(16)} ${r.status.padEnd(11)} ${r.articles} articles, ${r.written} written, ${r.passes} pass(es)`).join('\n');
        if (results.some((r) => r.status === 'busy')) throw new AppError(409, 'busy', `${text}\nanother rebuild holds a journal's lease: run again once it ends (it resumes)`);
        return { data: { journals: results }, text: text || 'no journals' };
      },
    },
  ];
}
