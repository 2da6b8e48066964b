import { Schema, type Connection, type Model } from 'mongoose';
import { buildIndexes } from '@journal/server-kit';
import type { MailEvent, MailTemplate } from '@journal/contracts';
import { jid } from '../shared/plain';

/** A journal's sender and its own templates (events it did not change send the defaults). */
export interface StoredMailSettings {
  fromName: string;
  fromAddress: string;
  replyTo: string;
  templates: Partial<Record<MailEvent, MailTemplate>>;
}

type Doc = StoredMailSettings & { journalId: string; updatedAt: Date };
const schema = new Schema<Doc>(
  {
    journalId: { type: String, required: true },
    fromName: { type: String, default: '' },
    fromAddress: { type: String, default: '' },
    replyTo: { type: String, default: '' },
    templates: { type: Schema.Types.Mixed, default: {} },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'mail_settings', versionKey: false, minimize: false },
);
schema.index({ journalId: 1 }, { unique: true, name: 'uniq_journal' });

export const EMPTY_MAIL_SETTINGS: StoredMailSettings = { fromName: '', fromAddress: '', replyTo: '', templates: {} };

export class MailSettingsRepo {
  readonly model: Model<Doc>;

  constructor(conn: Connection) {
    this.model = (conn.models.MailSettings as Model<Doc> | undefined) ?? conn.model<Doc>('MailSettings', schema);
  }

  async init() {
    await buildIndexes(() => this.model.syncIndexes());
  }

  async get(journalId: string): Promise<StoredMailSettings> {
    const d = await this.model.findOne({ journalId: jid(journalId) }).lean();
    if (!d) return { ...EMPTY_MAIL_SETTINGS, templates: {} };
    return { fromName: d.fromName ?? '', fromAddress: d.fromAddress ?? '', replyTo: d.replyTo ?? '', templates: d.templates ?? {} };
  }

  async put(journalId: string, s: StoredMailSettings): Promise<void> {
    await this.model.updateOne({ journalId: jid(journalId) }, { $set: { ...s, updatedAt: new Date() } }, { upsert: true });
  }
}
