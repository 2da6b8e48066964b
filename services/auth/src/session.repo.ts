import { Schema, Types, type Connection, type Model } from 'mongoose';
import { buildIndexes, SESSIONS_COLLECTION } from '@journal/server-kit';

/**
 * One token's session, keyed by the token id: its logout and its last password re-check. Every
 * service reads it (server kit `userStateReader`) so Redis only caches it; a document goes with
 * a later write of its journal once its token has expired.
 */
interface SessionDoc {
  _id: string;
  journalId: Types.ObjectId;
  userId: Types.ObjectId;
  revoked: boolean;
  reauthAt: number;
  expiresAt: Date;
}

const sessionSchema = new Schema<SessionDoc>(
  {
    _id: { type: String, required: true },
    journalId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    revoked: { type: Boolean, default: false },
    reauthAt: { type: Number, default: 0 },
    expiresAt: { type: Date, required: true },
  },
  { collection: SESSIONS_COLLECTION, versionKey: false },
);
// Not a TTL index (FerretDB has none): each write deletes the journal's sessions whose tokens expired.
sessionSchema.index({ journalId: 1, expiresAt: 1 });

export interface SessionRef {
  journalId: string;
  userId: string;
  jti: string;
  /** The token's expiry, seconds since the epoch. */
  exp: number;
}

export class SessionRepo {
  private readonly model: Model<SessionDoc>;
  constructor(conn: Connection) {
    this.model = conn.model<SessionDoc>('Session', sessionSchema);
  }

  async init() {
    await buildIndexes(() => this.model.syncIndexes());
  }

  private async set(s: SessionRef, patch: Partial<Pick<SessionDoc, 'revoked' | 'reauthAt'>>) {
    const journalId = new Types.ObjectId(s.journalId);
    await this.model.updateOne(
      { _id: s.jti, journalId },
      { $set: patch, $setOnInsert: { userId: new Types.ObjectId(s.userId), expiresAt: new Date(s.exp * 1000) } },
      { upsert: true },
    );
    await this.model.deleteMany({ journalId, expiresAt: { $lt: new Date() } });
  }

  revoke(s: SessionRef) {
    return this.set(s, { revoked: true });
  }

  stampReauth(s: SessionRef, at: number) {
    return this.set(s, { reauthAt: at });
  }
}
