import { Schema, Types, type Connection, type Model } from 'mongoose';
import { buildIndexes } from '@journal/server-kit';
import { roleOrManager, type StaffRole } from '@journal/contracts';

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

/** What is stored: the user without its id, the journal as an ObjectId. */
type UserDoc = Omit<User, 'id' | 'journalId'> & { journalId: Types.ObjectId };

const userSchema = new Schema<UserDoc>(
  {
    journalId: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true },
    passwordHash: { type: String, required: true },
    status: { type: String, enum: ['enabled', 'disabled'], default: 'enabled' },
    role: { type: String, enum: ['manager', 'editor', 'worklog'], default: 'manager' },
    disabledByOperator: { type: Boolean, default: false },
    allowedIps: { type: [String], default: [] },
    validAfter: { type: Number, default: 0 },
    createdby: { type: String, default: '' },
    modifiedby: { type: String, default: '' },
  },
  { timestamps: true, collection: 'users' },
);
userSchema.index({ journalId: 1, name: 1 }, { unique: true });

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

  async init() {
    await buildIndexes(() => this.model.syncIndexes());
    // Users stored before roles existed become managers (they could do everything). A one-off
    // migration over every journal, so it goes to the driver, past per-journal query rules.
    await this.model.collection.updateMany({ role: { $exists: false } }, { $set: { role: 'manager' } });
  }

  /** Enabled managers of the journal, other than `exceptId`: the last one cannot be disabled or demoted. */
  async countOtherEnabledManagers(journalId: string, exceptId: string): Promise<number> {
    return this.model.countDocuments({
      journalId: new Types.ObjectId(journalId), status: 'enabled', role: 'manager', _id: { $ne: new Types.ObjectId(exceptId) },
    });
  }

  async findByName(journalId: string, name: string): Promise<User | null> {
    const d = await this.model.findOne({ journalId: new Types.ObjectId(journalId), name }).lean();
    return d ? toUser(d) : null;
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
    const d = await this.model.create({ ...u, modifiedby: u.createdby ?? '', journalId: new Types.ObjectId(u.journalId) });
    return toUser(d.toObject());
  }

  async update(journalId: string, id: string, patch: Partial<Pick<User, 'name' | 'passwordHash' | 'status' | 'role' | 'disabledByOperator' | 'allowedIps' | 'validAfter' | 'modifiedby'>>) {
    if (!Types.ObjectId.isValid(id)) return null;
    const d = await this.model
      .findOneAndUpdate({ _id: new Types.ObjectId(id), journalId: new Types.ObjectId(journalId) }, { $set: patch }, { returnDocument: 'after' })
      .lean();
    return d ? toUser(d) : null;
  }
}
