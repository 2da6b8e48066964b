import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import type { SushiCustomer, SushiCustomerInput } from '@journal/contracts';
import { buildIndexes } from '@journal/server-kit';
import { jid, oid } from '../shared/plain';

interface CustomerDoc {
  journalId: string;
  name: string;
  customerId: string;
  requestorId: string;
  notes: string;
  /** Addresses, CIDR blocks or first-last ranges whose usage is the institution's (none: it is reported the world's). */
  ipRanges: string[];
  /** SHA-256 of the API key: the key itself is shown once, when it is made. */
  apiKeyHash: string;
  /** A platform customer's journals (ids, or `*` for every journal); a journal's customer has none. */
  journals?: string[];
  /** A platform customer reported every reader's usage of its journals (set explicitly; stored before: when it had no ranges). */
  allUsage?: boolean;
  createdAt: Date;
}

/**
 * The customers of the platform-wide API are kept beside the journals', under an id no journal has
 * (ObjectIds begin with their creation time), so one repository, one key check and one unique
 * index serve both.
 */
export const PLATFORM_CUSTOMERS = '000000000000000000000000';

const customerSchema = new Schema<CustomerDoc>(
  {
    journalId: { type: String, required: true },
    name: { type: String, required: true },
    customerId: { type: String, required: true },
    requestorId: { type: String, default: '' },
    notes: { type: String, default: '' },
    ipRanges: { type: [String], default: [] },
    apiKeyHash: { type: String, required: true },
    journals: { type: [String], default: undefined },
    allUsage: { type: Boolean, default: undefined },
    createdAt: { type: Date, required: true },
  },
  { collection: 'sushi_customers', versionKey: false },
);
customerSchema.index({ journalId: 1, customerId: 1 }, { unique: true, name: 'uniq_customer' });

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A customer as stored, with what checking a request needs. */
export interface StoredCustomer extends SushiCustomer {
  apiKeyHash: string;
  /** A platform customer's journals: ids, or `*` for every journal ([] for a journal's customer). */
  journals: string[];
  /** Reported every reader's usage, not the usage from its IP ranges (a journal's customer: when it has none). */
  allUsage: boolean;
}

/** What a customer is made or changed with (the journals and all-usage: a platform customer's only). */
type CustomerFields = SushiCustomerInput & { journals?: string[]; allUsage?: boolean };

const plain = (d: CustomerDoc & { _id: unknown }): StoredCustomer => ({
  id: String(d._id),
  name: d.name,
  customerId: d.customerId,
  requestorId: d.requestorId ?? '',
  notes: d.notes ?? '',
  ipRanges: d.ipRanges ?? [],
  apiKeyHash: d.apiKeyHash,
  journals: d.journals ?? [],
  allUsage: d.allUsage ?? !d.ipRanges?.length,
  createdAt: new Date(d.createdAt).toISOString(),
});

/** The institutions allowed to harvest a journal's COUNTER reports through SUSHI. */
export class SushiCustomerRepo {
  readonly model: Model<CustomerDoc>;
  constructor(conn: Connection) {
    this.model = conn.models.SushiCustomer ?? conn.model<CustomerDoc>('SushiCustomer', customerSchema);
  }

  async init(): Promise<void> {
    await buildIndexes(() => this.model.syncIndexes());
  }

  async list(journalId: string): Promise<StoredCustomer[]> {
    return (await this.model.find({ journalId: jid(journalId) }).sort({ name: 1 }).lean()).map(plain);
  }

  async findByCustomerId(journalId: string, customerId: string): Promise<StoredCustomer | null> {
    const d = await this.model.findOne({ journalId: jid(journalId), customerId }).lean();
    return d ? plain(d) : null;
  }

  /** A new customer and its API key (null when the customer ID is taken in this journal). */
  async create(journalId: string, input: CustomerFields): Promise<{ customer: StoredCustomer; apiKey: string } | null> {
    const apiKey = randomBytes(24).toString('base64url');
    try {
      const d = await this.model.create({ ...input, journalId: jid(journalId), apiKeyHash: hashKey(apiKey), createdAt: new Date() });
      return { customer: plain(d.toObject()), apiKey };
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return null;
      throw err;
    }
  }

  /** Changes what a customer's fields may change (never its customer ID or key); null when it is not this journal's. */
  async update(journalId: string, id: string, patch: Partial<Omit<CustomerFields, 'customerId'>>): Promise<StoredCustomer | null> {
    const _id = oid(id);
    if (!_id) return null;
    const d = await this.model.findOneAndUpdate({ _id, journalId: jid(journalId) }, { $set: patch }, { returnDocument: 'after' }).lean();
    return d ? plain(d) : null;
  }

  async remove(journalId: string, id: string): Promise<boolean> {
    const _id = oid(id);
    if (!_id) return false;
    return (await this.model.deleteOne({ _id, journalId: jid(journalId) })).deletedCount === 1;
  }
}

/** Whether the key is this customer's, compared in constant time. */
export function keyMatches(c: StoredCustomer, apiKey: string): boolean {
  const a = Buffer.from(hashKey(apiKey), 'hex');
  const b = Buffer.from(c.apiKeyHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
