import { Schema, type Connection, type Model } from 'mongoose';
import { DEFAULT_REVIEW_DUE_DAYS, DEFAULT_REVIEW_TOKEN_DAYS_AFTER_DUE, type ReviewSettings } from '@journal/contracts';
import { jid } from '../shared/plain';
import { BY_ID } from '../shared/cross-journal';

/** docs/product.md#peer-review: what a journal that never saved its review settings gets. */
export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = {
  doubleBlind: true,
  hideTitleOnCertificate: false,
  reminderDaysBefore: 3,
  reminderDaysAfter: [1, 7],
  tokenDaysAfterDue: DEFAULT_REVIEW_TOKEN_DAYS_AFTER_DUE,
  defaultDueDays: DEFAULT_REVIEW_DUE_DAYS,
};

type SettingsDoc = Partial<ReviewSettings> & { _id: string };
const settingsSchema = new Schema<SettingsDoc>(
  { _id: String, doubleBlind: Boolean, hideTitleOnCertificate: Boolean, reminderDaysBefore: Number, reminderDaysAfter: [Number], tokenDaysAfterDue: Number, defaultDueDays: Number },
  { collection: 'review_settings', versionKey: false },
);

/** A journal's peer-review settings: `_id` is the journal id, one document each. */
export class ReviewSettingsRepo {
  private readonly model: Model<SettingsDoc>;
  constructor(conn: Connection) {
    this.model = (conn.models.ReviewSettings as Model<SettingsDoc> | undefined) ?? conn.model<SettingsDoc>('ReviewSettings', settingsSchema);
  }

  async get(journalId: string): Promise<ReviewSettings> {
    const d = await this.model.findOne({ _id: jid(journalId) }).setOptions(BY_ID).lean<SettingsDoc>();
    const { _id: _ignored, ...stored } = d ?? { _id: '' };
    return { ...DEFAULT_REVIEW_SETTINGS, ...Object.fromEntries(Object.entries(stored).filter(([, v]) => v !== undefined && v !== null)) };
  }

  async save(journalId: string, patch: Partial<ReviewSettings>): Promise<ReviewSettings> {
    await this.model.updateOne({ _id: jid(journalId) }, { $set: patch }, { upsert: true }).setOptions(BY_ID);
    return this.get(journalId);
  }
}
