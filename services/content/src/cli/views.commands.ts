import { AppError, type CliCommand } from '@journal/server-kit';
import type { JournalRepo } from '../journals/journal.repo';
import type { ChangePublisher } from '../views/change-publisher';
import type { ViewStore } from '../views/view-store';
import { rebuildJournalViews, type RebuildResult } from '../views/views-rebuild';
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
        for (const j of journals) {
          let bar: ReturnType<typeof progressBar> | undefined;
          const r = await rebuildJournalViews(d.store, j!.id, {
            logger: d.logger,
            progress: (done, total) => {
              bar ??= progressBar(`${j!.slug} articles`, total, d.tty);
              bar(done);
            },
          });
          // Every running replica drops what it holds of the journal.
          if (r.status === 'done') await d.publisher.announceAll(j!.id);
          results.push({ slug: j!.slug, ...r });
        }
        const text = results.map((r) => `${r.slug.padEnd(16)} ${r.status.padEnd(11)} ${r.articles} articles, ${r.written} written, ${r.passes} pass(es)`).join('\n');
        if (results.some((r) => r.status === 'busy')) throw new AppError(409, 'busy', `${text}\nanother rebuild holds a journal's lease: run again once it ends (it resumes)`);
        return { data: { journals: results }, text: text || 'no journals' };
      },
    },
  ];
}
