import { Schema, Types, type Connection, type Model } from 'mongoose';
import { buildIndexes } from '@journal/server-kit';
import { PLATFORM_ROLE, PLATFORM_TENANT_ID, roleOrManager, userNameKey, userNamesLookAlike, type PlatformRole, type StaffRole } from '@journal/contracts';

export interface User {
  id: string;
  journalId: string;
  name: string;
  passwordHash: string;
  status: 'enabled' | 'disabled';
  /** docs/product.md#roles; users stored before roles existed are managers. */
  role: StaffRole;
  /** Disabled by the operator (CLI): staff cannot enable it, only the operator. */
  disabledByOperator: boolean;
  /** Addresses or CIDR blocks (IPv4 or IPv6) this user may sign in from; empty means anywhere. */
  allowedIps: string[];
  /** Tokens issued before this time (seconds since the epoch) are refused; survives a Redis flush. */
  validAfter: number;
  /** Who created the account (a staff name, or `operator` for the CLI). */
  createdby: string;
  modifiedby: string;
}

/**
 * What is stored: the user without its id, the journal as an ObjectId, and the name's normal form
 * (`userNameKey`), unique in the journal. Accounts stored before it whose names share a normal
 * form (a clash) each keep `<normal form>\u0001<id>` instead, which no name can produce, until all but
 * one are renamed (docs/operations.md#user-name-clashes).
 */
type UserDoc = Omit<User, 'id' | 'journalId' | 'role'> & { journalId: Types.ObjectId; nameKey?: string; role: StaffRole | PlatformRole };

/** Accounts of one journal whose names share a normal form, stored before names were compared so. */
export interface NameClash {
  journalId: string;
  key: string;
  names: string[];
}

/** A control character no stored name holds; not U+0000, which PostgreSQL's jsonb (FerretDB's storage) refuses. */
const CLASH_MARK = '\u0001';
const clashKey = (key: string, id: Types.ObjectId | string) => `${key}${CLASH_MARK}${String(id)}`;
/** Every clash key of a normal form: `key\u0001...` sorts from `key\u0001` to before `key\u0002`. */
const clashRange = (key: string) => ({ $gte: `${key}${CLASH_MARK}`, $lt: `${key}\u0002` });

const userSchema = new Schema<UserDoc>(
  {
    journalId: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true },
    nameKey: { type: String },
    passwordHash: { type: String, required: true },
    status: { type: String, enum: ['enabled', 'disabled'], default: 'enabled' },
    role: { type: String, enum: ['manager', 'editor', 'worklog', PLATFORM_ROLE], default: 'manager' },
    disabledByOperator: { type: Boolean, default: false },
    allowedIps: { type: [String], default: [] },
    validAfter: { type: Number, default: 0 },
    createdby: { type: String, default: '' },
    modifiedby: { type: String, default: '' },
  },
  { timestamps: true, collection: 'users' },
);
userSchema.index({ journalId: 1, name: 1 }, { unique: true });
userSchema.index({ journalId: 1, nameKey: 1 }, { unique: true });

const toUser = (d: UserDoc & { _id: Types.ObjectId }): User => ({
  id: d._id.toString(),
  journalId: d.journalId.toString(),
  name: d.name,
  passwordHash: d.passwordHash,
  status: d.status,
  role: roleOrManager(d.role),
  disabledByOperator: d.disabledByOperator === true,
  allowedIps: d.allowedIps ?? [],
  validAfter: d.validAfter ?? 0,
  createdby: d.createdby ?? '',
  modifiedby: d.modifiedby ?? '',
});

export class UserRepo {
  private readonly model: Model<UserDoc>;
  constructor(conn: Connection) {
    this.model = conn.model<UserDoc>('User', userSchema);
  }

  /** Settles every stored name's normal form, then builds the indexes; answers the clashes left. */
  async init(): Promise<NameClash[]> {
    const clashes = await this.settleNameKeys();
    await buildIndexes(() => this.model.syncIndexes());
    // Users stored before roles existed become managers (they could do everything). A one-off
    // migration over every journal, so it goes to the driver, past per-journal query rules.
    await this.model.collection.updateMany({ role: { $exists: false } }, { $set: { role: 'manager' } });
    return clashes;
  }

  /**
   * Gives every account its name's normal form, or a clash key where several accounts of a journal
   * share one, so the unique index always builds on the data there is. Runs at every start: a
   * clash settled by renames gets its plain key back. A one-off pass over every journal, so it
   * goes to the driver, past per-journal query rules.
   */
  private async settleNameKeys(): Promise<NameClash[]> {
    const docs = await this.model.collection.find({}, { projection: { journalId: 1, name: 1, nameKey: 1 } }).toArray();
    const groups = new Map<string, typeof docs>();
    for (const d of docs) {
      const g = `${String(d.journalId)}|${userNameKey(String(d.name))}`;
      groups.set(g, [...(groups.get(g) ?? []), d]);
    }
    const away: { _id: Types.ObjectId; nameKey: string }[] = [];
    const back: { _id: Types.ObjectId; nameKey: string }[] = [];
    const clashes: NameClash[] = [];
    for (const group of groups.values()) {
      const key = userNameKey(String(group[0]!.name));
      if (group.length > 1) clashes.push({ journalId: String(group[0]!.journalId), key, names: group.map((d) => String(d.name)).sort() });
      for (const d of group) {
        const want = group.length > 1 ? clashKey(key, d._id) : key;
        if (d.nameKey !== want) (want === key ? back : away).push({ _id: d._id, nameKey: want });
      }
    }
    // Clash keys first: a plain key is only ever given once no other account holds it.
    for (const u of [...away, ...back]) await this.model.collection.updateOne({ _id: u._id }, { $set: { nameKey: u.nameKey } });
    return clashes;
  }

  /** The journal's accounts whose names share a normal form (docs/operations.md#user-name-clashes): those holding a clash key. */
  async clashes(journalId: string): Promise<NameClash[]> {
    const docs = await this.model.find({ journalId: new Types.ObjectId(journalId), nameKey: { $regex: CLASH_MARK } }, { name: 1, nameKey: 1 }).lean();
    const byKey = new Map<string, string[]>();
    for (const d of docs) {
      const key = d.nameKey!.slice(0, d.nameKey!.indexOf(CLASH_MARK));
      byKey.set(key, [...(byKey.get(key) ?? []), d.name]);
    }
    return [...byKey].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, names]) => ({ journalId, key, names: names.sort() }));
  }

  /**
   * The name of another account of the journal that `name` looks like (`userNamesLookAlike`)
   * without being it, or null. Staff lists are short: read whole, compared here.
   */
  async lookAlike(journalId: string, name: string, exceptId?: string): Promise<string | null> {
    const docs = await this.model.find({ journalId: new Types.ObjectId(journalId) }, { name: 1 }).lean();
    return docs.find((d) => String(d._id) !== exceptId && userNamesLookAlike(d.name, name))?.name ?? null;
  }

  /** Enabled managers of the journal, other than `exceptId`: the last one cannot be disabled or demoted. */
  async countOtherEnabledManagers(journalId: string, exceptId: string): Promise<number> {
    return this.model.countDocuments({
      journalId: new Types.ObjectId(journalId), status: 'enabled', role: 'manager', _id: { $ne: new Types.ObjectId(exceptId) },
    });
  }

  /**
   * The account known by `name`'s normal form; an account of an unsettled clash only by its exact
   * name (each of them signs in as before until the clash is settled).
   */
  async findByName(journalId: string, name: string): Promise<User | null> {
    const jid = new Types.ObjectId(journalId);
    const d = (await this.model.findOne({ journalId: jid, nameKey: userNameKey(name) }).lean()) ?? (await this.model.findOne({ journalId: jid, name }).lean());
    return d ? toUser(d) : null;
  }

  /** Whether an account other than `exceptId` holds `name`'s normal form, settled or in a clash. */
  async nameTaken(journalId: string, name: string, exceptId?: string): Promise<boolean> {
    const key = userNameKey(name);
    const other = exceptId && Types.ObjectId.isValid(exceptId) ? { _id: { $ne: new Types.ObjectId(exceptId) } } : {};
    const jid = new Types.ObjectId(journalId);
    return (await this.model.exists({ journalId: jid, nameKey: key, ...other })) !== null
      || (await this.model.exists({ journalId: jid, nameKey: clashRange(key), ...other })) !== null;
  }

  async findById(journalId: string, id: string): Promise<User | null> {
    if (!Types.ObjectId.isValid(id)) return null;
    const d = await this.model.findOne({ _id: new Types.ObjectId(id), journalId: new Types.ObjectId(journalId) }).lean();
    return d ? toUser(d) : null;
  }

  async list(journalId: string): Promise<User[]> {
    const ds = await this.model.find({ journalId: new Types.ObjectId(journalId) }).lean();
    return ds.map(toUser).sort((a, b) => a.name.localeCompare(b.name));
  }

  async create(
    u: Omit<User, 'id' | 'validAfter' | 'createdby' | 'modifiedby' | 'role' | 'disabledByOperator'> & Partial<Pick<User, 'createdby' | 'role'>>,
  ): Promise<User> {
    // The platform's accounts are operators (docs/security.md#platform-operators): stored so, whatever a caller names.
    const role = u.journalId === PLATFORM_TENANT_ID ? PLATFORM_ROLE : u.role;
    const d = await this.model.create({ ...u, role, nameKey: userNameKey(u.name), modifiedby: u.createdby ?? '', journalId: new Types.ObjectId(u.journalId) });
    return toUser(d.toObject());
  }

  async update(journalId: string, id: string, patch: Partial<Pick<User, 'name' | 'passwordHash' | 'status' | 'role' | 'disabledByOperator' | 'allowedIps' | 'validAfter' | 'modifiedby'>>) {
    if (!Types.ObjectId.isValid(id)) return null;
    const filter = { _id: new Types.ObjectId(id), journalId: new Types.ObjectId(journalId) };
    // A rename takes the new name's normal form; an account of a clash renamed to its own name keeps its clash key.
    const renamed = patch.name !== undefined && !(await this.model.exists({ ...filter, name: patch.name }));
    const kept = patch.role && journalId === PLATFORM_TENANT_ID ? { ...patch, role: PLATFORM_ROLE } : patch;
    const set = renamed ? { ...kept, nameKey: userNameKey(patch.name!) } : kept;
    const before = await this.model.findOneAndUpdate(filter, { $set: set }).lean();
    if (!before) return null;
    if (renamed && before.nameKey?.includes(CLASH_MARK)) await this.settleClash(before.journalId, userNameKey(before.name));
    const d = await this.model.findOne(filter).lean();
    return d ? toUser(d) : null;
  }

  /** The last account left of a clash gets its plain key back. */
  private async settleClash(journalId: Types.ObjectId, key: string) {
    const left = await this.model.find({ journalId, nameKey: clashRange(key) }, { _id: 1 }).lean();
    if (left.length === 1) await this.model.updateOne({ _id: left[0]!._id, journalId }, { $set: { nameKey: key } });
  }
}
