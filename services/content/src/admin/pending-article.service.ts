import type { Logger } from '@journal/server-kit';
import type { ArticleRepo, PendingArticle, PendingUpload } from '../archives/article.repo';
import { assetPath, type FileStore } from '../files/file-store';

/** What taking back an add needs: the article, its PDF's path and the write that stored it. */
export type AbandonedAdd = Pick<PendingArticle, 'id' | 'year' | 'volume' | 'issue' | 'file'> & { upload: Pick<PendingUpload, 'fileId' | 'length'> };

/**
 * Adds that never finished (docs/operations.md#the-database): an article is stored pending before
 * its PDF, and enabled once the PDF is whole. A failed add, or one a crash stopped between the two
 * writes, is taken back: the record first (only while still pending, so an add that did finish is
 * never touched), then the PDF write, found by its file id, so nothing of it is left behind.
 */
export class PendingArticles {
  constructor(
    private readonly deps: { articles: ArticleRepo; files: FileStore; logger: Logger },
    /** An add not finished after this long has stopped (far beyond any PDF write). */
    private readonly maxAgeMs: number,
  ) {}

  /** Takes back one add; false when its article is live (an enable whose answer was lost). */
  async abandon(journalId: string, add: AbandonedAdd): Promise<boolean> {
    const removed = await this.deps.articles.removePending(journalId, add.id);
    if (!removed && (await this.deps.articles.findById(journalId, add.id))) return false;
    await this.deps.files.discard(journalId, assetPath.article(add.year, add.volume, add.issue, add.file), add.upload);
    return true;
  }

  /** Takes back every add pending for longer than the bound; answers how many. */
  async sweep(now = new Date()): Promise<number> {
    const stale = await this.deps.articles.listPendingBefore(new Date(now.getTime() - this.maxAgeMs));
    let n = 0;
    for (const p of stale) {
      try {
        if (await this.abandon(p.journalId, p)) n++;
      } catch (err) {
        this.deps.logger.warn({ err, journalId: p.journalId, articleId: p.id }, 'pending article not taken back; the next sweep tries again');
      }
    }
    if (n) this.deps.logger.info({ removed: n }, 'pending articles of unfinished adds taken back');
    return n;
  }
}
