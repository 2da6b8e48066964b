import type { Request } from 'express';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import {
  ACTIVITY_ACTOR_ROLES,
  ACTIVITY_KINDS,
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_RETENTION_DAYS,
  type ActivityActorRole,
  type ActivityChange,
  type ActivityEntry,
  type ActivityKind,
  type ActivityPage,
  type ActivityQuery,
  roleOrManager,
} from '@journal/contracts';
import type { AuthClaims } from './auth';
import { buildIndexes, escapeRegex } from './db';
import { AppError } from './errors';
import type { Logger } from './logger';
import { crossJournal } from './tenancy-guard';

/** The one collection of the activity log (docs/architecture.md#activity-log). */
export const ACTIVITY_COLLECTION = 'activity';

/** Who made a write and from where: taken once from the authenticated request. */
export interface ActivityActor {
  id: string;
  name: string;
  role: ActivityActorRole;
  ip: string;
  requestId: string;
}

/** The command line acts as the operator: no user, no address. */
export const OPERATOR_ACTOR: ActivityActor = { id: '', name: 'operator', role: 'operator', ip: '', requestId: '' };

/**
 * The actor of an authenticated staff request: its verified claims (`req.auth`, or the claims a
 * route verified itself) with their role (`verifyToken` reads a token without one as a
 * manager's), address and request id. 401 when there are no verified claims.
 */
export function activityActor(req: Request, claims: AuthClaims | undefined = req.auth): ActivityActor {
  if (!claims) throw new AppError(401, 'unauthorized', 'Authentication required');
  return { id: claims.sub, name: claims.name, role: roleOrManager(claims.role), ip: req.clientIp ?? '', requestId: req.requestId ?? '' };
}

/** The actor of an operator's request on the platform's routes (`req.platformAuth`, set by platformAccess). */
export function platformActor(req: Request): ActivityActor {
  const claims = req.platformAuth;
  if (!claims) throw new AppError(401, 'unauthorized', 'Authentication required');
  return { id: claims.sub, name: claims.name, role: claims.role, ip: req.clientIp ?? '', requestId: req.requestId ?? '' };
}

// ---- The change summary ----

/** Fields never recorded by value: a change to one shows as `(changed)` on both sides. */
const SECRET_FIELD = /pass(word|wd)?|hash|secret|token|credential|api[-_]?key|private/i;
/** Bookkeeping that every write touches and that says nothing about what changed. */
const BOOKKEEPING = new Set(['id', '_id', '__v', 'createdby', 'modifiedby', 'creation', 'modification', 'createdAt', 'updatedAt', 'validAfter']);
/**
 * Fields a service derives from others and stores for its own reads (the search text, the
 * sanitised title, the DOI's unique key, an article's page numbers): the field they come from is
 * listed already, and staff never typed them.
 */
const DERIVED = new Set(['search_text', 'title_html', 'doi_key', 'pageStart', 'pageEnd']);
const MAX_VALUE = 200;
const MAX_CHANGES = 50;
const HIDDEN = '(changed)';

type Plain = Record<string, unknown>;
const isPlainObject = (v: unknown): v is Plain =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** One value as the log shows it: text, cut to 200 characters. */
export function summariseValue(v: unknown): string {
  let s: string;
  // Nothing, an empty list and an empty object all read as empty: creating a record with no
  // allowed addresses changes nothing worth a line.
  if (v === undefined || v === null || (Array.isArray(v) && v.length === 0)) s = '';
  else if (typeof v === 'string') s = v;
  else if (v instanceof Date) s = v.toISOString();
  else if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') s = String(v);
  else s = JSON.stringify(v) ?? '';
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE)}…` : s;
}

function flatten(obj: Plain | null | undefined, prefix: string, out: Map<string, unknown>, depth: number) {
  for (const [k, v] of Object.entries(obj ?? {})) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (isPlainObject(v) && depth < 3) flatten(v, key, out, depth + 1);
    else out.set(key, v);
  }
}

export interface DiffOptions {
  /** Only these fields (dotted paths of nested objects are matched by their first part). */
  only?: readonly string[];
  /** More fields to leave out (besides ids and who/when bookkeeping). */
  ignore?: readonly string[];
}

/**
 * The before → after summary of two plain objects: one line per changed field (nested objects
 * as dotted paths), values as short text. Secrets (password hashes, credentials, tokens) are never
 * written out: a changed one shows as `(changed)`. `before` null is a creation, `after` null a removal.
 */
export function diffFields(before: object | null | undefined, after: object | null | undefined, opts: DiffOptions = {}): ActivityChange[] {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  flatten(before as Plain | null, '', a, 0);
  flatten(after as Plain | null, '', b, 0);
  const ignore = new Set(opts.ignore ?? []);
  const only = opts.only ? new Set(opts.only) : null;
  const changes: ActivityChange[] = [];
  for (const field of new Set([...a.keys(), ...b.keys()])) {
    const top = field.split('.')[0]!;
    if (BOOKKEEPING.has(top) || BOOKKEEPING.has(field) || DERIVED.has(top) || ignore.has(top) || ignore.has(field)) continue;
    if (only && !only.has(top) && !only.has(field)) continue;
    const was = summariseValue(a.get(field));
    const now = summariseValue(b.get(field));
    if (was === now) continue;
    if (SECRET_FIELD.test(field)) changes.push({ field, before: was ? HIDDEN : '', after: now ? HIDDEN : '' });
    else changes.push({ field, before: was, after: now });
    if (changes.length >= MAX_CHANGES) break;
  }
  return changes;
}

// ---- Storage ----

export interface ActivityRecordInput {
  kind: ActivityKind;
  record: { type: string; id: string; label?: string };
  changes: ActivityChange[];
}

interface ActivityDoc {
  journalId: Types.ObjectId;
  at: Date;
  actor: { id: string; name: string; role: ActivityActorRole };
  kind: string;
  area: string;
  record: { type: string; id: string; label: string };
  changes: ActivityChange[];
  ip: string;
  requestId: string;
}

const APPEND_ONLY = 'The activity log is append-only';
const SWEEP_OPTION = 'activitySweep';

const activitySchema = new Schema<ActivityDoc>(
  {
    journalId: { type: Schema.Types.ObjectId, required: true },
    at: { type: Date, required: true },
    actor: {
      id: { type: String, default: '' },
      name: { type: String, required: true },
      role: { type: String, enum: ACTIVITY_ACTOR_ROLES, required: true },
    },
    kind: { type: String, enum: ACTIVITY_KINDS, required: true },
    area: { type: String, required: true },
    record: { type: { type: String, required: true }, id: { type: String, default: '' }, label: { type: String, default: '' } },
    changes: { type: [{ _id: false, field: String, before: String, after: String }], default: [] },
    ip: { type: String, default: '' },
    requestId: { type: String, default: '' },
  },
  { collection: ACTIVITY_COLLECTION, versionKey: false },
);
activitySchema.index({ journalId: 1, at: -1 });
activitySchema.index({ journalId: 1, 'actor.name': 1, at: -1 });
activitySchema.index({ journalId: 1, area: 1, at: -1 });
// The sweep's range; FerretDB 1.24 has no TTL indexes (`expireAfterSeconds` is not implemented).
activitySchema.index({ at: 1 });

// Append-only in code too: nothing updates an entry, and only the retention sweep deletes.
activitySchema.pre(['updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne', 'findOneAndReplace', 'findOneAndDelete', 'deleteOne'], function () {
  throw new Error(APPEND_ONLY);
});
activitySchema.pre('deleteMany', function () {
  if (!this.getOptions()[SWEEP_OPTION]) throw new Error(APPEND_ONLY);
});

const DAY_MS = 24 * 60 * 60 * 1000;

const toEntry = (d: ActivityDoc & { _id: Types.ObjectId }): ActivityEntry => ({
  id: d._id.toString(),
  at: d.at.toISOString(),
  actor: { id: d.actor.id ?? '', name: d.actor.name, role: d.actor.role },
  kind: d.kind,
  record: { type: d.record.type, id: d.record.id ?? '', label: d.record.label ?? '' },
  changes: (d.changes ?? []).map((c) => ({ field: c.field, before: c.before ?? '', after: c.after ?? '' })),
  ip: d.ip ?? '',
  requestId: d.requestId ?? '',
});

/**
 * The activity log (docs/product.md#activity-log). Every service records its own staff writes
 * through this, from its domain layer, after the write succeeded; the auth service reads it for
 * managers and sweeps entries older than a year. See docs/architecture.md#activity-log.
 */
export class ActivityLog {
  private readonly model: Model<ActivityDoc>;
  constructor(
    conn: Connection,
    private readonly logger?: Logger,
  ) {
    this.model = (conn.models.Activity as Model<ActivityDoc> | undefined) ?? conn.model<ActivityDoc>('Activity', activitySchema);
  }

  async init(): Promise<void> {
    await buildIndexes(() => this.model.syncIndexes());
  }

  /**
   * An entry built and validated as record() builds one, and not stored: a process's first staff
   * write otherwise pays for the model's first document (its setters, casts and validators, some
   * 25 ms), called at start-up.
   */
  async warm(): Promise<void> {
    const doc: ActivityDoc = {
      journalId: new Types.ObjectId(),
      at: new Date(),
      actor: { id: '', name: OPERATOR_ACTOR.name, role: OPERATOR_ACTOR.role },
      kind: ACTIVITY_KINDS[0],
      area: ACTIVITY_KINDS[0].split('.')[0]!,
      record: { type: 'warm-up', id: '', label: '' },
      changes: [{ field: 'warm-up', before: '', after: summariseValue('warm-up') }],
      ip: '',
      requestId: '',
    };
    await new this.model(doc).validate();
  }

  /**
   * Appends one entry. A write that succeeded is never turned into an error because its entry
   * could not be stored: the failure is logged at error level (with the entry) for the operator.
   * A write that changed nothing (no field differs) is not recorded.
   */
  async record(journalId: string, actor: ActivityActor, input: ActivityRecordInput): Promise<void> {
    if (!input.changes.length) return;
    const doc: ActivityDoc = {
      journalId: new Types.ObjectId(journalId),
      at: new Date(),
      actor: { id: actor.id, name: actor.name, role: actor.role },
      kind: input.kind,
      area: input.kind.split('.')[0]!,
      record: { type: input.record.type, id: input.record.id, label: summariseValue(input.record.label ?? '') },
      changes: input.changes,
      ip: actor.ip,
      requestId: actor.requestId,
    };
    try {
      await this.model.create(doc);
    } catch (err) {
      this.logger?.error({ err, activity: { ...doc, journalId } }, 'activity entry not stored');
    }
  }

  /** A page of the journal's entries, newest first, filtered by user, kind or area, and UTC days. */
  async list(journalId: string, q: ActivityQuery): Promise<ActivityPage> {
    const filter: Record<string, unknown> = { journalId: new Types.ObjectId(journalId) };
    if (q.user) filter['actor.name'] = { $regex: `^${escapeRegex(q.user)}$`, $options: 'i' };
    if (q.kind) filter[q.kind.includes('.') ? 'kind' : 'area'] = q.kind;
    const at: Record<string, Date> = {};
    if (q.from) at.$gte = new Date(`${q.from}T00:00:00.000Z`);
    if (q.to) at.$lt = new Date(Date.parse(`${q.to}T00:00:00.000Z`) + DAY_MS);
    if (at.$gte || at.$lt) filter.at = at;
    const page = q.page ?? 1;
    const [total, docs] = await Promise.all([
      this.model.countDocuments(filter),
      this.model
        .find(filter)
        .sort({ at: -1, _id: -1 })
        .skip((page - 1) * ACTIVITY_PAGE_SIZE)
        .limit(ACTIVITY_PAGE_SIZE)
        .lean<(ActivityDoc & { _id: Types.ObjectId })[]>(),
    ]);
    return { entries: docs.map(toEntry), total, page, pageSize: ACTIVITY_PAGE_SIZE };
  }

  /** Every entry of the journal since a time, oldest first (the operator's `jp audit`). */
  async since(journalId: string, since: Date | undefined, limit = 100_000): Promise<ActivityEntry[]> {
    const filter: Record<string, unknown> = { journalId: new Types.ObjectId(journalId) };
    if (since) filter.at = { $gte: since };
    const docs = await this.model.find(filter).sort({ at: 1, _id: 1 }).limit(limit).lean<(ActivityDoc & { _id: Types.ObjectId })[]>();
    return docs.map(toEntry);
  }

  /** Deletes entries older than the retention; returns how many. Every journal at once, by design. */
  async sweep(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - ACTIVITY_RETENTION_DAYS * DAY_MS);
    const r = await this.model
      .deleteMany({ at: { $lt: cutoff } })
      .setOptions({ [SWEEP_OPTION]: true, ...crossJournal('retention applies to every journal alike') });
    return r.deletedCount ?? 0;
  }
}
