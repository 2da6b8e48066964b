import { Schema, Types, type Connection, type Model } from 'mongoose';
import { buildIndexes } from '@journal/server-kit';

export interface User {
  id: string;
  journalId: string;
  name: string;
  passwordHash: string;
  status: 'enabled' | 'disabled';
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

  async create(u: Omit<User, 'id' | 'validAfter' | 'createdby' | 'modifiedby'> & Partial<Pick<User, 'createdby'>>): Promise<User> {
    const d = await this.model.create({ ...u, modifiedby: u.createdby ?? '', journalId: new Types.ObjectId(u.journalId) });
    return toUser(d.toObject());
  }

  async update(journalId: string, id: string, patch: Partial<Pick<User, 'name' | 'passwordHash' | 'status' | 'allowedIps' | 'validAfter' | 'modifiedby'>>) {
    if (!Types.ObjectId.isValid(id)) return null;
    const d = await this.model
      .findOneAndUpdate({ _id: new Types.ObjectId(id), journalId: new Types.ObjectId(journalId) }, { $set: patch }, { returnDocument: 'after' })
      .lean();
    return d ? toUser(d) : null;
  }
}
