import type { Connection, mongo } from 'mongoose';
import { NEW_ARTICLE_REF_RE } from '@journal/contracts';
import { buildIndexes } from '@journal/server-kit';
import { jid } from '../shared/plain';

/**
 * One mark of a journal's highest numeric reference number, never changed once written: a raise
 * (an article stored with reference `ref`), or a bound made from a read of every article of the
 * journal (`ready`). Inserts alone, as the issues' page marks (issue-pages.repo.ts): FerretDB 1.24
 * answers an update by reading the document and writing it back, so two raises at once kept one.
 */
interface RefMark {
  _id: mongo.ObjectId;
  journalId: string;
  /** The reference number as stored ('' for a bound of a journal with no numeric one). */
  ref: string;
  /** Its numeric value. */
  n: number;
  ready?: true;
}

/** A journal's bound as read: the highest mark, a bound only when `ready`. */
export interface RefBound {
  ref: string;
  n: number;
  ready: boolean;
  /** The marks read, which a bound made from a later read replaces. */
  marks: mongo.ObjectId[];
}

/** Marks a journal may gather before a read folds them into one. */
const FOLD_AT = 8;

/** The reference numbers the publish proposal counts (docs/product.md#article-rules: digits, 1 to 12). */
export const isNumericRef = (ref: string | undefined | null): ref is string => typeof ref === 'string' && NEW_ARTICLE_REF_RE.test(ref);

/**
 * Per journal, a numeric reference number no article's passes (docs/product.md#submissions: the
 * publish proposal's "highest numeric one plus one"): every write that gives an article a numeric
 * reference adds a mark once the article is stored, so the proposal reads the journal's few marks
 * instead of every article's reference. The bound holds once a mark made from a read of the
 * journal's references exists (`ready`): marks stored before that read are in it, those stored
 * during or after it are kept. The caller checks the bound against the articles (the highest still
 * stored, the next one free) and makes a new one from a read of the journal when it does not hold
 * (the article removed or renamed, or a writer stopped between its article and its mark).
 */
export class RefMarksRepo {
  private readonly col: mongo.Collection<RefMark>;
  /** Raises this process made per journal since it last folded the journal's marks. */
  private readonly raised = new Map<string, number>();

  constructor(conn: Connection) {
    this.col = conn.db!.collection<RefMark>('article_ref_marks');
  }

  async init(): Promise<void> {
    await buildIndexes(() => this.col.createIndex({ journalId: 1 }, { name: 'journal_ref_marks' }));
  }

  /** The journal's bound: its marks, read by the journal's index. */
  async read(journalId: string): Promise<RefBound> {
    const marks = await this.col.find({ journalId: jid(journalId) }, { projection: { ref: 1, n: 1, ready: 1 } }).toArray();
    const top = marks.reduce<RefMark | null>((m, d) => (!m || d.n > m.n ? d : m), null);
    return { ref: top?.ref ?? '', n: top?.n ?? 0, ready: marks.some((d) => d.ready), marks: marks.map((d) => d._id) };
  }

  /** The bound raised to the highest numeric reference of these stored articles: one mark, nothing for none. */
  async raise(journalId: string, refs: readonly (string | undefined | null)[]): Promise<void> {
    let top: { ref: string; n: number } | null = null;
    for (const ref of refs) if (isNumericRef(ref) && (!top || Number(ref) > top.n)) top = { ref, n: Number(ref) };
    if (!top) return;
    await this.col.insertOne({ journalId: jid(journalId), ...top } as RefMark);
    // Every FOLD_AT raises, the journal's marks folded in the background (the add does not wait),
    // so they stay few between two proposals however many articles are added meanwhile.
    const n = (this.raised.get(journalId) ?? 0) + 1;
    if (n < FOLD_AT) {
      this.raised.set(journalId, n);
      return;
    }
    this.raised.delete(journalId);
    this.read(journalId).then((was) => this.fold(journalId, was), () => undefined);
  }

  /**
   * The bound set to `top`, as read from the journal's articles after `was` was read (or folded when
   * `was` is ready): a mark of it written first, then the marks `was` read removed, so the bound is
   * never below either meanwhile; marks stored since stay.
   */
  async settle(journalId: string, was: RefBound, top: { ref: string; n: number }, ready = true): Promise<void> {
    await this.col.insertOne({ journalId: jid(journalId), ref: top.ref, n: top.n, ...(ready ? { ready: true } : {}) } as RefMark);
    if (was.marks.length) await this.col.deleteMany({ journalId: jid(journalId), _id: { $in: was.marks } });
  }

  /**
   * A bound that many raises left, folded into one mark in the background: the bound does not
   * change, nor whether it holds (a bound not yet made from a read of the journal stays so).
   */
  fold(journalId: string, was: RefBound): void {
    if (was.marks.length <= FOLD_AT) return;
    // Left for the next read when it fails: the marks stay a bound as they are.
    this.settle(journalId, was, { ref: was.ref, n: was.n }, was.ready).catch(() => undefined);
  }
}
