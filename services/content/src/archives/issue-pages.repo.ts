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
 * A mark that a check of the first-page rule stands on is numbered, `<issue>#<n>` (`n` one past the
 * highest number read): two checks that read the same marks race on one `_id`, so only one of them
 * stores its raise. The others (old marks, folds, raises no check made) have an ObjectId.
 */
interface IssuePageMark {
  _id: mongo.ObjectId | string;
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
  marks: (mongo.ObjectId | string)[];
  /** The highest number of the marks read (0: none numbered): a raise from this read is numbered one past it. */
  version: number;
}

/** Marks an issue may gather before a read folds them into one. */
const FOLD_AT = 8;
const DUPLICATE_KEY = 11000;

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
    const issue = IssuePagesRepo.id(journalId, k);
    const marks = await this.col.find({ issue }, { projection: { last: 1, ready: 1 } }).toArray();
    const numbered = (id: IssuePageMark['_id']) => (typeof id === 'string' && id.startsWith(`${issue}#`) ? Number(id.slice(issue.length + 1)) || 0 : 0);
    return {
      last: marks.reduce((m, d) => Math.max(m, d.last), 0),
      ready: marks.some((d) => d.ready),
      marks: marks.map((d) => d._id),
      version: marks.reduce((m, d) => Math.max(m, numbered(d._id)), 0),
    };
  }

  /**
   * The issue's bound set to its last page as read after `was` was: marks stored since stay. A bound
   * changed this way is numbered; answers the version it stands at then, or null when another
   * numbered mark came first (a check that read `was` is then outrun: its raise will not be stored).
   */
  async settle(journalId: string, k: IssueKey, was: IssuePages, last: number): Promise<number | null> {
    if (was.ready && was.last === last && was.marks.length <= FOLD_AT) return was.version;
    return (await this.replace(journalId, k, was, last, true, was.version + 1)) ? was.version + 1 : null;
  }

  /**
   * Folds the marks of a bound that many raises left into one, in the background (the add that read
   * them does not wait): a bound is read in one small document per mark. The bound does not change,
   * so the fold is not numbered; the highest numbered mark read stays, so the next number is never one
   * used before.
   */
  fold(journalId: string, k: IssueKey, was: IssuePages): void {
    if (was.marks.length <= FOLD_AT) return;
    const top = was.version ? `${IssuePagesRepo.id(journalId, k)}#${was.version}` : null;
    // Left for the next read when it fails: the marks stay a bound as they are.
    this.replace(journalId, k, { ...was, marks: was.marks.filter((m) => m !== top) }, was.last, was.ready, null).catch(() => undefined);
  }

  /**
   * A mark of `last` written first (numbered `n` unless null; false when that number is taken), then
   * the marks `was` read removed: the bound is never below either meanwhile.
   */
  private async replace(journalId: string, k: IssueKey, was: IssuePages, last: number, ready: boolean, n: number | null): Promise<boolean> {
    const issue = IssuePagesRepo.id(journalId, k);
    if (!(await this.insert({ ...(n ? { _id: `${issue}#${n}` } : {}), issue, journalId: jid(journalId), last, ...(ready ? { ready: true as const } : {}) }))) return false;
    if (was.marks.length) await this.col.deleteMany({ issue, _id: { $in: was.marks } });
    return true;
  }

  /** Inserts a mark; false when its number is taken. */
  private async insert(mark: Omit<IssuePageMark, '_id'> & { _id?: string }): Promise<boolean> {
    try {
      await this.col.insertOne(mark as IssuePageMark);
      return true;
    } catch (e) {
      if ((e as { code?: number }).code !== DUPLICATE_KEY) throw e;
      return false;
    }
  }

  /**
   * The bound of the stored article's issue raised to its pages by a mark numbered one past
   * `version`, the bound its first-page check read: false when that number is taken, another add
   * (or a bring-down) of the issue having stored its mark since that read. The caller checks again.
   */
  async raiseFrom(journalId: string, article: Paged, version: number): Promise<boolean> {
    const issue = IssuePagesRepo.id(journalId, article);
    const _id = `${issue}#${version + 1}`;
    if (!(await this.insert({ _id, issue, journalId: jid(journalId), last: Math.max(article.pageStart ?? 0, article.pageEnd ?? 0) }))) return false;
    // A number is refused only while its mark stands, and a bring-down (settle) or a fold removes
    // marks below the highest: a raise from a bound read before that could take a number another
    // raise had taken, and store pages the check never saw. A mark numbered past this one means the
    // check was outrun (or, rarely, one made after this raise stands on it): the caller checks again.
    if ((await this.read(journalId, article)).version <= version + 1) return true;
    await this.col.deleteOne({ _id, issue });
    return false;
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
