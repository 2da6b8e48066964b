import type { Connection, mongo } from 'mongoose';
import { buildIndexes } from '@journal/server-kit';
import { jid } from '../shared/plain';

type IssueKey = { year: number; volume: number; issue: number };
type Paged = IssueKey & { pageStart?: number | null; pageEnd?: number | null };

/**
 * One mark of an issue's bound, never changed once written: a raise (an article stored with pages
 * up to `last`), or a bound made from a read of every article of the issue (`ready`). Written by
 * inserts alone because FerretDB 1.24 answers an update by reading the document and writing it
 * back by `_id`: two raises of one document at once kept one (docs/architecture.md#exactly-once-changes).
 */
interface IssuePageMark {
  _id: mongo.ObjectId;
  /** `<journal id>:<year>/<volume>/<issue>`: the journal is part of it. */
  issue: string;
  journalId: string;
  last: number;
  ready?: true;
}

/** An issue's bound as read: `last`, the highest of its marks, is a bound only when `ready`. */
export interface IssuePages {
  last: number;
  ready: boolean;
  /** The marks read, which a bound made from a later read covers. */
  marks: mongo.ObjectId[];
}

/** Marks an issue may gather before a read folds them into one. */
const FOLD_AT = 8;

/**
 * Per issue, a page no article of it passes (docs/operations.md#the-database): every write that
 * gives an article of the issue its pages adds a mark once the article is stored. The first-page
 * rule reads the issue's marks (one small document each, by the `issue` index) instead of every
 * article of the issue (each costs FerretDB some 0.5 ms of CPU: 50 ms an add at 100 articles).
 * The bound is the highest mark, and holds once a mark made from a read of the issue's articles
 * exists (`ready`): marks stored before that read are in it; those stored during or after it are
 * kept. A bound is brought down (after deletions or pages given back) by a new mark from a read of
 * the issue's articles begun after the marks were read, then the removal of those marks alone.
 */
export class IssuePagesRepo {
  private readonly col: mongo.Collection<IssuePageMark>;

  constructor(private readonly conn: Connection) {
    this.col = conn.db!.collection<IssuePageMark>('article_issue_page_marks');
  }

  private static id(journalId: string, k: IssueKey): string {
    return `${jid(journalId)}:${k.year}/${k.volume}/${k.issue}`;
  }

  async init(): Promise<void> {
    await buildIndexes(() => this.col.createIndex({ issue: 1 }, { name: 'issue_marks' }));
    // The bounds of the older release, one document per issue moved by updates: made again from marks.
    await this.conn.db!.dropCollection('article_issue_pages').catch(() => undefined);
  }

  /** The issue's bound: its marks, read by the issue's index. */
  async read(journalId: string, k: IssueKey): Promise<IssuePages> {
    const marks = await this.col.find({ issue: IssuePagesRepo.id(journalId, k) }, { projection: { last: 1, ready: 1 } }).toArray();
    return { last: marks.reduce((m, d) => Math.max(m, d.last), 0), ready: marks.some((d) => d.ready), marks: marks.map((d) => d._id) };
  }

  /** The issue's bound set to its last page as read after `was` was: marks stored since stay. */
  async settle(journalId: string, k: IssueKey, was: IssuePages, last: number): Promise<void> {
    if (was.ready && was.last === last && was.marks.length <= FOLD_AT) return;
    await this.replace(journalId, k, was, last, true);
  }

  /**
   * Folds the marks of a bound that many raises left into one, in the background (the add that read
   * them does not wait): a bound is read in one small document per mark.
   */
  fold(journalId: string, k: IssueKey, was: IssuePages): void {
    if (was.marks.length <= FOLD_AT) return;
    // Left for the next read when it fails: the marks stay a bound as they are.
    this.replace(journalId, k, was, was.last, was.ready).catch(() => undefined);
  }

  /** A mark of `last` written first, then the marks `was` read removed: the bound is never below either meanwhile. */
  private async replace(journalId: string, k: IssueKey, was: IssuePages, last: number, ready: boolean): Promise<void> {
    const issue = IssuePagesRepo.id(journalId, k);
    await this.col.insertOne({ issue, journalId: jid(journalId), last, ...(ready ? { ready: true as const } : {}) } as IssuePageMark);
    if (was.marks.length) await this.col.deleteMany({ issue, _id: { $in: was.marks } });
  }

  /** The bounds of the issues of these stored articles raised to their pages: one mark per issue, in one write. */
  async raise(journalId: string, articles: readonly Paged[]): Promise<void> {
    const top = new Map<string, number>();
    for (const a of articles) {
      const n = Math.max(a.pageStart ?? 0, a.pageEnd ?? 0);
      const issue = IssuePagesRepo.id(journalId, a);
      if (n > (top.get(issue) ?? -1)) top.set(issue, n);
    }
    if (!top.size) return;
    await this.col.insertMany([...top].map(([issue, last]) => ({ issue, journalId: jid(journalId), last }) as IssuePageMark), { ordered: false });
  }
}
