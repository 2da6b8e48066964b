import type { Connection, mongo } from 'mongoose';
import { jid } from '../shared/plain';

type IssueKey = { year: number; volume: number; issue: number };
type Paged = IssueKey & { pageStart?: number | null; pageEnd?: number | null };

interface IssuePagesDoc {
  _id: string;
  journalId: string;
  last: number;
  /** Moved by every raise: a bound made from a read is stored only if no raise came meanwhile. */
  v: number;
  /** Set once `last` was made from a read of every article of the issue: until then it is no bound. */
  ready?: boolean;
}

/** An issue's bound as read: `last` is a bound only when `ready`. */
export type IssuePages = Pick<IssuePagesDoc, 'last' | 'v' | 'ready'>;

/**
 * Per issue, a page no article of it passes (docs/operations.md#the-database): every write that
 * gives an article of the issue its pages raises it once the article is stored. The first-page rule
 * reads it instead of every article of the issue (each costs FerretDB some 0.5 ms of CPU: 50 ms an
 * add at 100 articles). It is made, and brought down after deletions or pages given back, from a
 * read of the issue's articles begun after the document was read, and stored only if no raise
 * came meanwhile: an article stored in between is in that read or raises what was stored.
 */
export class IssuePagesRepo {
  private readonly col: mongo.Collection<IssuePagesDoc>;

  constructor(conn: Connection) {
    this.col = conn.db!.collection<IssuePagesDoc>('article_issue_pages');
  }

  private static id(journalId: string, k: IssueKey): string {
    return `${jid(journalId)}:${k.year}/${k.volume}/${k.issue}`;
  }

  /** The issue's bound, made (not ready) when it has none, so that raises from now on reach it. */
  async read(journalId: string, k: IssueKey): Promise<IssuePages> {
    const _id = IssuePagesRepo.id(journalId, k);
    const d = await this.col.findOne({ _id });
    if (d) return d;
    try {
      const made = await this.col.findOneAndUpdate({ _id }, { $setOnInsert: { journalId: jid(journalId), last: 0, v: 0 } }, { upsert: true, returnDocument: 'after' });
      if (made) return made;
    } catch (err) {
      // Two first reads of one issue at once: the other made it.
      if ((err as { code?: number }).code !== 11000) throw err;
    }
    return (await this.col.findOne({ _id })) ?? { last: 0, v: 0 };
  }

  /** The issue's bound set to its last page as read after `was` was: left as it is when a raise came since. */
  async settle(journalId: string, k: IssueKey, was: IssuePages, last: number): Promise<void> {
    if (was.ready && was.last === last) return;
    await this.col.updateOne({ _id: IssuePagesRepo.id(journalId, k), v: was.v }, { $set: { last, ready: true } });
  }

  /** The bounds of the issues of these stored articles raised to their pages (an issue without a document is left to its first read). */
  async raise(journalId: string, articles: readonly Paged[]): Promise<void> {
    const top = new Map<string, number>();
    for (const a of articles) {
      const n = Math.max(a.pageStart ?? 0, a.pageEnd ?? 0);
      const id = IssuePagesRepo.id(journalId, a);
      if (n > (top.get(id) ?? -1)) top.set(id, n);
    }
    await Promise.all([...top].map(([_id, n]) => this.col.updateOne({ _id }, { $max: { last: n }, $inc: { v: 1 } })));
  }
}
