import { Schema, Types, type Connection, type Model, type UpdateQuery } from 'mongoose';
import { AppError, buildIndexes } from '@journal/server-kit';
import { DEFAULT_JOURNAL_FLAGS, SETTINGS_TEXT_FIELDS, type PublicSettings } from '@journal/contracts';
import { BUSY, UniqueTakes, atRev, untilFree } from '../shared/unique-take';

export interface Journal extends PublicSettings {
  id: string;
  slug: string;
  /** Every host name this journal answers on, lower-case. */
  hosts: string[];
  /** A disabled journal answers on none of its hosts; its data is kept. */
  status?: 'enabled' | 'disabled';
  /** Who last changed the settings in the admin (a staff name). */
  modifiedby?: string;
}

type JournalDoc = Omit<Journal, 'id'> & {
  /** The count of the journal's changes: each is taken at the count it read (docs/architecture.md#exactly-once-changes). */
  rev?: number;
};
/** How long a journal's take may stay without its change (its writer stopped between the two writes). */
const CHANGE_LEASE_MS = 60_000;
/** A journal as `upsert` takes it: the DOI settings and licence have defaults. */
type JournalUpsert = Omit<Journal, 'id' | 'doi_prefix' | 'doi_suffix_pattern' | 'license'> & Partial<Pick<Journal, 'doi_prefix' | 'doi_suffix_pattern' | 'license'>>;

const str = { type: String, default: '' };
const journalSchema = new Schema<JournalDoc>(
  {
    slug: { type: String, required: true },
    hosts: { type: [String], default: [] },
    status: { type: String, enum: ['enabled', 'disabled'], default: 'enabled' },
    modifiedby: str,
    ...Object.fromEntries(SETTINGS_TEXT_FIELDS.map((k) => [k, str])),
    fee_rupee: { type: String, default: '2000' },
    fee_dollar: { type: String, default: '50' },
    address: str,
    flags: { type: Schema.Types.Mixed, default: {} },
    rev: { type: Number },
  },
  { timestamps: true, collection: 'journals', minimize: false },
);
journalSchema.index({ slug: 1 }, { unique: true });
journalSchema.index({ hosts: 1 }, { unique: true, sparse: true });

export const toJournal = (d: JournalDoc & { _id: Types.ObjectId }): Journal => {
  const { _id, ...rest } = d as JournalDoc & { _id: Types.ObjectId; __v?: number; createdAt?: Date; updatedAt?: Date };
  const { __v, createdAt, updatedAt, rev, ...fields } = rest as typeof rest & { __v?: number; createdAt?: Date; updatedAt?: Date };
  void __v; void createdAt; void updatedAt; void rev;
  return { ...fields, doi_prefix: fields.doi_prefix ?? '', doi_suffix_pattern: fields.doi_suffix_pattern ?? '', license: fields.license ?? '', id: _id.toString(), status: fields.status ?? 'enabled', flags: { ...DEFAULT_JOURNAL_FLAGS, ...(d.flags ?? {}) } };
};

export class JournalRepo {
  readonly model: Model<JournalDoc>;
  private readonly hostListeners: (() => void)[] = [];
  /** `<journal id>:<rev>`: one change from each version (shared/unique-take.ts). */
  private readonly takes: UniqueTakes;
  constructor(conn: Connection) {
    this.model = conn.model<JournalDoc>('Journal', journalSchema);
    this.takes = new UniqueTakes(conn, 'JournalTake', 'journal_takes');
  }

  /**
   * One change of the journal, made from the version read and taken at it: FerretDB writes an
   * updated document back whole, so two changes at once (a host added while another is made
   * primary, a settings save beside a host change) would otherwise keep one. `make` answers the
   * update from the journal as read, or null to change nothing (then null is answered, as for a
   * journal that is gone). A version held past the waits (a writer stopped mid-change) answers 503.
   */
  private async change(id: string, make: (d: JournalDoc) => UpdateQuery<JournalDoc> | null): Promise<Journal | null> {
    if (!Types.ObjectId.isValid(id)) return null;
    const done = await untilFree(async () => {
      const d = await this.model.findById(id).lean<JournalDoc & { _id: Types.ObjectId }>();
      const update = d && make(d);
      if (!d || !update) return { journal: null };
      const written = await this.takes.once(id, `${id}:${d.rev ?? 0}`, { leaseMs: CHANGE_LEASE_MS }, () =>
        this.model.findOneAndUpdate({ _id: d._id, ...atRev(d.rev) }, { ...update, $inc: { rev: 1 } }, { returnDocument: 'after' }).lean(),
      );
      return written ? { journal: toJournal(written) } : BUSY;
    });
    if (!done) throw new AppError(503, 'busy', 'The journal is being changed; try again in a moment');
    return done.journal;
  }

  /** Called after any write that can change which journal a host serves (hosts, status, a new journal). */
  onHostsChanged(listener: () => void): void {
    this.hostListeners.push(listener);
  }

  private hostsChanged<T>(result: T): T {
    for (const l of this.hostListeners) l();
    return result;
  }

  /** Every journal's hosts, slug and status (the host directory). */
  async listHosts(): Promise<{ id: string; slug: string; hosts: string[]; status: 'enabled' | 'disabled' }[]> {
    const ds = await this.model.find({}, { slug: 1, hosts: 1, status: 1 }).lean();
    return ds.map((d) => ({ id: d._id.toString(), slug: d.slug, hosts: d.hosts ?? [], status: d.status === 'disabled' ? 'disabled' : 'enabled' }));
  }

  async init() {
    await buildIndexes(() => this.model.syncIndexes());
  }

  async findByHost(host: string): Promise<Journal | null> {
    const d = await this.model.findOne({ hosts: host }).lean();
    return d ? toJournal(d) : null;
  }

  async findById(id: string): Promise<Journal | null> {
    if (!Types.ObjectId.isValid(id)) return null;
    const d = await this.model.findById(id).lean();
    return d ? toJournal(d) : null;
  }

  async findBySlug(slug: string): Promise<Journal | null> {
    const d = await this.model.findOne({ slug }).lean();
    return d ? toJournal(d) : null;
  }

  /** Every journal (read models at start). */
  async listAll(): Promise<Journal[]> {
    return (await this.model.find({}).lean()).map((d) => toJournal(d));
  }

  async list(): Promise<Journal[]> {
    const ds = await this.model.find({}).lean();
    return ds.map(toJournal).sort((a, b) => a.slug.localeCompare(b.slug));
  }

  /** Inserts a new journal; a taken slug or host surfaces as the driver's duplicate-key error. */
  async create(j: Omit<Journal, 'id'>): Promise<Journal> {
    const d = await this.model.create(j);
    return this.hostsChanged(toJournal(d.toObject()));
  }

  async addHost(id: string, host: string): Promise<Journal | null> {
    return this.hostsChanged(await this.change(id, () => ({ $addToSet: { hosts: host } })));
  }

  async removeHost(id: string, host: string): Promise<Journal | null> {
    return this.hostsChanged(await this.change(id, () => ({ $pull: { hosts: host } })));
  }

  /**
   * Puts `host`, one of the journal's hosts, first: the primary host its URLs point to. Only if the
   * hosts are still `current` (null otherwise: someone changed them meanwhile).
   */
  async setPrimaryHost(id: string, current: string[], host: string): Promise<Journal | null> {
    const hosts = [host, ...current.filter((h) => h !== host)];
    const same = (stored: string[]) => stored.length === current.length && stored.every((h, i) => h === current[i]);
    return this.hostsChanged(await this.change(id, (d) => (same(d.hosts ?? []) ? { $set: { hosts } } : null)));
  }

  async setStatus(id: string, status: 'enabled' | 'disabled'): Promise<Journal | null> {
    return this.hostsChanged(await this.change(id, () => ({ $set: { status } })));
  }

  /** Creates or replaces a journal by slug; the seed and operators use it. */
  async upsert(j: JournalUpsert): Promise<Journal> {
    return (await this.put(j)).journal;
  }

  /** As `upsert`, saying whether this call created the journal (which then holds nothing else yet). */
  async put(j: JournalUpsert): Promise<{ journal: Journal; created: boolean }> {
    // A replacement by design (the seed, operators' tools): it moves the version, so a change taken at the one before fails its write.
    const r = await this.model.findOneAndUpdate({ slug: j.slug }, { $set: j, $inc: { rev: 1 } }, { upsert: true, returnDocument: 'after', includeResultMetadata: true, lean: true });
    return { journal: this.hostsChanged(toJournal(r.value!)), created: !r.lastErrorObject?.updatedExisting };
  }

  /** A settings save: taken like a host change, which it would otherwise undo (or be undone by). */
  update(id: string, patch: Partial<Omit<Journal, 'id' | 'slug' | 'hosts' | 'status'>>): Promise<Journal | null> {
    return this.change(id, () => ({ $set: patch }));
  }
}
