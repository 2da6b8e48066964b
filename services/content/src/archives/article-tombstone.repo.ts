import { Schema, type Connection, type Model } from 'mongoose';
import { buildIndexes } from '@journal/server-kit';
import { jid } from '../shared/plain';

/**
 * What is left of a removed article: enough for OAI-PMH to keep reporting it as deleted
 * (docs/product.md#oai-pmh, deletedRecord "persistent"). Written when an article is removed.
 */
export interface ArticleTombstone {
  refnumber: string;
  year: number;
  volume: number;
  issue: number;
  removedAt: Date;
}

type TombstoneDoc = ArticleTombstone & { journalId: string };

const tombstoneSchema = new Schema<TombstoneDoc>(
  {
    journalId: { type: String, required: true },
    refnumber: { type: String, required: true },
    year: { type: Number, required: true },
    volume: { type: Number, required: true },
    issue: { type: Number, required: true },
    removedAt: { type: Date, required: true },
  },
  { collection: 'article_tombstones', versionKey: false },
);
tombstoneSchema.index({ journalId: 1, refnumber: 1 }, { unique: true, name: 'uniq_tombstone_ref' });

export class ArticleTombstoneRepo {
  readonly model: Model<TombstoneDoc>;
  constructor(conn: Connection) {
    this.model = (conn.models.ArticleTombstone as Model<TombstoneDoc> | undefined) ?? conn.model<TombstoneDoc>('ArticleTombstone', tombstoneSchema);
  }

  async init() {
    await buildIndexes(() => this.model.syncIndexes());
  }

  /** The last removal of a reference number wins. */
  async put(journalId: string, t: ArticleTombstone): Promise<void> {
    await this.model.updateOne({ journalId: jid(journalId), refnumber: t.refnumber }, { $set: { ...t, journalId: jid(journalId) } }, { upsert: true });
  }

  /** The tombstone of one reference number, if it was ever removed (the unique index's lookup). */
  async find(journalId: string, refnumber: string): Promise<ArticleTombstone | null> {
    const d = await this.model.findOne({ journalId: jid(journalId), refnumber }).select({ _id: 0, refnumber: 1, year: 1, volume: 1, issue: 1, removedAt: 1 }).lean();
    return d ? { refnumber: d.refnumber, year: d.year, volume: d.volume, issue: d.issue, removedAt: new Date(d.removedAt) } : null;
  }

  async list(journalId: string): Promise<ArticleTombstone[]> {
    const ds = await this.model.find({ journalId: jid(journalId) }).select({ _id: 0, refnumber: 1, year: 1, volume: 1, issue: 1, removedAt: 1 }).lean();
    return ds.map((d) => ({ refnumber: d.refnumber, year: d.year, volume: d.volume, issue: d.issue, removedAt: new Date(d.removedAt) }));
  }
}
