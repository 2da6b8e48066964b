import { Schema, Types, type Connection, type Model } from 'mongoose';
import { buildIndexes, crossJournal } from '@journal/server-kit';
import type { MailAddress, MailAttachmentRef, MailEvent, MailLink, MailState } from '@journal/contracts';
import { jid, oid } from '../shared/plain';
import { UniqueTakes, type Take } from '../shared/unique-take';

export type AttachmentDelivery = 'pending' | 'attached' | 'linked';
export interface StoredAttachment extends MailAttachmentRef {
  delivery: AttachmentDelivery;
}

/** One message of the outbox (docs/architecture.md#mail): what to send, and where its sending stands. */
export interface MailRecord {
  id: string;
  journalId: string;
  /** (journal, event, submission, recipient, occurrence): unique, so an event enqueued twice is one message. */
  key: string;
  event: MailEvent;
  submissionId: string;
  to: MailAddress;
  cc: MailAddress[];
  /** Placeholder values; the template is rendered when the message is sent. Emptied once it is sent. */
  vars: Record<string, string>;
  subject: string;
  attachments: StoredAttachment[];
  links: MailLink[];
  state: MailState;
  attempts: number;
  /**
   * The record's writes since its last claim (absent on records stored before it: 0). With
   * `attempts` the version every write takes first (`takeId`), so a lapsed sender's late write and
   * another sender's claim cannot both pass on FerretDB.
   */
  step?: number;
  lastError: string;
  /** Stable for the record: every try of it carries the same Message-ID. */
  messageId: string;
  /** The token of the send that holds it, and until when (state `sending`). */
  claim: string;
  leaseUntil: Date | null;
  /** The end of the message may have been sent (the SMTP server may have it). */
  dataEnd: boolean;
  /**
   * Sent again after a sender stopped between the end of the message and the server's answer:
   * the server may have had it, so the receiving side may get it twice, with the same Message-ID.
   */
  resent: boolean;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
}

type MailDoc = Omit<MailRecord, 'id'>;
const address = { _id: false, name: String, email: String };
const mailSchema = new Schema<MailDoc>(
  {
    journalId: { type: String, required: true },
    key: { type: String, required: true },
    event: { type: String, required: true },
    submissionId: { type: String, required: true },
    to: address,
    cc: [address],
    vars: { type: Schema.Types.Mixed, default: {} },
    subject: { type: String, default: '' },
    attachments: { type: Schema.Types.Mixed, default: [] },
    links: { type: Schema.Types.Mixed, default: [] },
    state: { type: String, required: true },
    attempts: { type: Number, default: 0 },
    step: { type: Number },
    lastError: { type: String, default: '' },
    messageId: { type: String, required: true },
    claim: { type: String, default: '' },
    leaseUntil: { type: Date, default: null },
    dataEnd: { type: Boolean, default: false },
    resent: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    sentAt: { type: Date, default: null },
  },
  { collection: 'mail_outbox', versionKey: false, minimize: false },
);
mailSchema.index({ key: 1 }, { unique: true, name: 'uniq_key' });
mailSchema.index({ journalId: 1, submissionId: 1, createdAt: 1 }, { name: 'by_submission' });
mailSchema.index({ state: 1, updatedAt: 1 }, { name: 'by_state' });

/** The sweep looks at every journal's waiting messages. */
const SWEEP = crossJournal('the mail sweep finds waiting messages of every journal');
const DUPLICATE_KEY = 11000;

type Lean = MailDoc & { _id: Types.ObjectId };
const toRecord = (d: Lean): MailRecord => {
  const { _id, ...rest } = d;
  return { ...rest, id: String(_id) };
};

export type NewMail = Omit<MailRecord, 'id' | 'state' | 'attempts' | 'step' | 'lastError' | 'claim' | 'leaseUntil' | 'dataEnd' | 'resent' | 'createdAt' | 'updatedAt' | 'sentAt' | 'messageId'>;

/** A send's hold on a message: its claim token and the version its next write starts from. */
export interface MailHold {
  token: string;
  attempts: number;
  step: number;
  /** The send's lease: a take of one of its writes left by a stopped sender is cleared after it. */
  leaseMs: number;
}

/** `<id>:<attempts>[.<step>]` read back: the message and the version a take names. */
const takeVersion = (id: string) => {
  const m = /^([0-9a-f]{24}):(\d+)(?:\.(\d+))?$/.exec(id);
  return m ? { mailId: m[1]!, attempts: Number(m[2]), step: Number(m[3] ?? 0) } : null;
};
/** Takes of the message's current version are kept this many leases (their taker stopped long ago; any taker would clear them after one). */
const TAKE_KEEP_LEASES = 10;

/**
 * The take of a write starting from this version: `<id>:<attempts>` for a record's first write
 * since a claim (the take a claim always made), `<id>:<attempts>.<step>` after.
 */
const takeId = (id: string, attempts: number, step: number) => (step ? `${id}:${attempts}.${step}` : `${id}:${attempts}`);
/** A record at this step: one stored before the count has none, and is at 0. */
const atStep = (step: number | undefined) => (step === undefined ? { step: { $exists: false } } : { step });

/**
 * The outbox. Every change of a message's state takes its version (`<id>:<attempts>[.<step>]`,
 * shared/unique-take.ts), then compare-and-sets on its state, claim and that version: FerretDB
 * answers a filtered update by reading, then writing the whole record by `_id`, so a write on
 * state and claim alone could pass beside another sender's claim of the message and undo it.
 */
export class MailRepo {
  readonly model: Model<MailDoc>;
  /** `<message id>:<its attempts when taken>`, the take of one send (shared/unique-take.ts). */
  private readonly takes: UniqueTakes;

  constructor(conn: Connection) {
    this.model = (conn.models.MailOutbox as Model<MailDoc> | undefined) ?? conn.model<MailDoc>('MailOutbox', mailSchema);
    this.takes = new UniqueTakes(conn, 'MailTake', 'mail_takes');
  }

  async init() {
    await buildIndexes(() => this.model.syncIndexes());
    await buildIndexes(() => this.takes.indexAge());
  }

  /** Stores the message unless one with its key exists; either way answers the stored one. */
  async insertOnce(m: NewMail, messageIdOf: (id: string) => string): Promise<{ record: MailRecord; created: boolean }> {
    const _id = new Types.ObjectId();
    const now = new Date();
    const doc: MailDoc = {
      ...m,
      journalId: jid(m.journalId),
      state: 'queued',
      attempts: 0,
      lastError: '',
      messageId: messageIdOf(String(_id)),
      claim: '',
      leaseUntil: null,
      dataEnd: false,
      resent: false,
      createdAt: now,
      updatedAt: now,
      sentAt: null,
    };
    try {
      await this.model.create({ _id, ...doc });
      return { record: { ...doc, id: String(_id) }, created: true };
    } catch (e) {
      if ((e as { code?: number }).code !== DUPLICATE_KEY) throw e;
      const d = await this.model.findOne({ journalId: jid(m.journalId), key: m.key }).lean<Lean>();
      if (!d) throw e;
      return { record: toRecord(d), created: false };
    }
  }

  async get(journalId: string, id: string): Promise<MailRecord | null> {
    const _id = oid(id);
    if (!_id) return null;
    const d = await this.model.findOne({ _id, journalId: jid(journalId) }).lean<Lean>();
    return d ? toRecord(d) : null;
  }

  async listForSubmission(journalId: string, submissionId: string): Promise<MailRecord[]> {
    const ds = await this.model.find({ journalId: jid(journalId), submissionId }).sort({ createdAt: 1, _id: 1 }).lean<Lean[]>();
    return ds.map(toRecord);
  }

  private async cas(journalId: string, id: string, filter: Record<string, unknown>, update: Record<string, unknown>): Promise<boolean> {
    const r = await this.model.updateOne({ _id: new Types.ObjectId(id), journalId: jid(journalId), ...filter }, update);
    return r.modifiedCount === 1;
  }

  /**
   * Takes the message for one send: from `queued`, or from a `sending` whose holder's lease ran out.
   * `uncertain`: that holder had recorded `dataEnd` (the server may have the message), and the
   * record says it is sent again.
   */
  async claim(journalId: string, id: string, token: string, now: Date, leaseUntil: Date, uncertain = false): Promise<MailHold | null> {
    const r = await this.get(journalId, id);
    const lapsed = !!r && r.state === 'sending' && !!r.leaseUntil && r.leaseUntil < now;
    if (!r || !(uncertain ? lapsed && r.dataEnd : r.state === 'queued' || (lapsed && !r.dataEnd))) return null;
    // Takers that read the same version race on one `_id`, the lapsed holder's own late write among them.
    const took = await this.takes.once(journalId, takeId(id, r.attempts, r.step ?? 0), { token, now, leaseMs: leaseUntil.getTime() - now.getTime() }, () =>
      this.cas(
        journalId,
        id,
        {
          attempts: r.attempts,
          ...atStep(r.step),
          ...(uncertain ? { state: 'sending', dataEnd: true, leaseUntil: { $lt: now } } : { $or: [{ state: 'queued' }, { state: 'sending', dataEnd: false, leaseUntil: { $lt: now } }] }),
        },
        { $set: { state: 'sending', claim: token, leaseUntil, dataEnd: false, step: 0, updatedAt: now, ...(uncertain ? { resent: true } : {}) }, $inc: { attempts: 1 } },
      ),
    );
    return took ? { token, attempts: r.attempts + 1, step: 0, leaseMs: leaseUntil.getTime() - now.getTime() } : null;
  }

  /**
   * A write of the send that holds the message, from the version it holds (no read: the holder
   * knows it), taken first: a claim of the message after the holder's lease ran out takes the same
   * version, so only one of the two passes. The hold moves on with the write.
   */
  private async byHolder(journalId: string, id: string, hold: MailHold, set: Record<string, unknown>): Promise<boolean> {
    const passed = await this.takes.once(journalId, takeId(id, hold.attempts, hold.step), { token: hold.token, leaseMs: hold.leaseMs }, () =>
      this.cas(journalId, id, { state: 'sending', claim: hold.token, attempts: hold.attempts, step: hold.step }, { $set: set, $inc: { step: 1 } }),
    );
    if (passed) hold.step++;
    return passed === true;
  }

  /** Recorded before the end of the message is sent: from here on the server may have it. */
  markDataEnd(journalId: string, id: string, hold: MailHold): Promise<boolean> {
    return this.byHolder(journalId, id, hold, { dataEnd: true, updatedAt: new Date() });
  }

  markSent(journalId: string, id: string, hold: MailHold, attachments: StoredAttachment[], subject: string): Promise<boolean> {
    const now = new Date();
    // The values go once sent: they can hold a private status link, which the database keeps nowhere else but hashed.
    return this.byHolder(journalId, id, hold, { state: 'sent', claim: '', leaseUntil: null, lastError: '', attachments, subject, vars: {}, sentAt: now, updatedAt: now });
  }

  /** The send failed: queued again for the next try, or failed for good. */
  release(journalId: string, id: string, hold: MailHold, error: string, final: boolean): Promise<boolean> {
    return this.byHolder(
      journalId,
      id,
      hold,
      { state: final ? 'failed' : 'queued', claim: '', leaseUntil: null, dataEnd: false, lastError: error.slice(0, 1000), updatedAt: new Date() },
    );
  }

  /**
   * Failed for good after its last try (the queue gave up while it was queued): from the version
   * read, as a claim of it would. `leaseMs`: the sends' lease.
   */
  async fail(journalId: string, id: string, error: string, leaseMs: number): Promise<boolean> {
    const r = await this.get(journalId, id);
    if (r?.state !== 'queued') return false;
    const passed = await this.takes.once(journalId, takeId(id, r.attempts, r.step ?? 0), { leaseMs }, () =>
      this.cas(
        journalId,
        id,
        { state: 'queued', attempts: r.attempts, ...atStep(r.step) },
        { $set: { state: 'failed', lastError: error.slice(0, 1000), updatedAt: new Date() }, $inc: { step: 1 } },
      ),
    );
    return passed === true;
  }

  /**
   * Removes takes no write can need any more, up to `limit` a run, oldest first (each a small
   * document, three a send). Only takes older than the sends' lease are looked at, and of those
   * the ones of a message that is gone or settled (sent, failed: no write passes from either), or
   * of a version the message has moved past (versions only grow: no write starts from it again),
   * or far older than the lease. A take of a message's current version within that is left: a
   * writer may be between its take and its write. A take cleared and taken anew since it was read
   * is not removed (`UniqueTakes.remove`). Returns how many were removed.
   */
  async pruneTakes(now: Date, leaseMs: number, limit = 500): Promise<number> {
    const takes = await this.takes.olderThan(new Date(now.getTime() - leaseMs), limit);
    const byMail = new Map<string, { journalId: string; takes: Take[] }>();
    for (const t of takes) {
      const v = takeVersion(t.id);
      if (!v) continue;
      const m = byMail.get(v.mailId) ?? { journalId: t.journalId, takes: [] };
      m.takes.push(t);
      byMail.set(v.mailId, m);
    }
    const farBack = now.getTime() - TAKE_KEEP_LEASES * leaseMs;
    let removed = 0;
    for (const [mailId, m] of byMail) {
      // One read by `_id` a message: equality, so FerretDB answers it from its index.
      const r = await this.get(m.journalId, mailId);
      for (const t of m.takes) {
        const v = takeVersion(t.id)!;
        const past = !r || r.state === 'sent' || r.state === 'failed' || v.attempts < r.attempts || (v.attempts === r.attempts && v.step < (r.step ?? 0));
        if ((past || t.at.getTime() < farBack) && (await this.takes.remove(t))) removed++;
      }
    }
    return removed;
  }

  /** Messages waiting longer than they should: queued and untouched since `before`, or held past their lease. */
  async waiting(before: Date, now: Date, limit = 500): Promise<{ id: string; journalId: string; version: string }[]> {
    const ds = await this.model
      .find({ $or: [{ state: 'queued', updatedAt: { $lt: before } }, { state: 'sending', leaseUntil: { $lt: now } }] }, { journalId: 1, attempts: 1, updatedAt: 1 })
      .setOptions(SWEEP)
      .limit(limit)
      .lean<{ _id: Types.ObjectId; journalId: string; attempts: number; updatedAt: Date }[]>();
    // The version names the record's state: one sweep job per state it is found in.
    return ds.map((d) => ({ id: String(d._id), journalId: d.journalId, version: `${d.attempts}-${d.updatedAt.getTime()}` }));
  }
}
