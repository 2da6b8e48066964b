import { Schema, type Connection, type Model } from 'mongoose';
import { buildIndexes } from '@journal/server-kit';
import { DEFAULT_WORKLOG_STATES, type SubmissionSettings, type SubmissionState } from '@journal/contracts';
import { jid } from '../shared/plain';

type Doc = { journalId: string; worklogStates: SubmissionState[]; updatedAt: Date };
const schema = new Schema<Doc>(
  {
    journalId: { type: String, required: true },
    worklogStates: { type: [String], default: undefined },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'submission_settings', versionKey: false, minimize: false },
);
schema.index({ journalId: 1 }, { unique: true, name: 'uniq_journal' });

/** A journal's submission workflow settings (docs/product.md#submission-worklog); a journal that set none has the defaults. */
export class SubmissionSettingsRepo {
  readonly model: Model<Doc>;

  constructor(conn: Connection) {
    this.model = (conn.models.SubmissionSettings as Model<Doc> | undefined) ?? conn.model<Doc>('SubmissionSettings', schema);
  }

  async init() {
    await buildIndexes(() => this.model.syncIndexes());
  }

  async get(journalId: string): Promise<SubmissionSettings> {
    const d = await this.model.findOne({ journalId: jid(journalId) }).lean();
    return { worklogStates: d?.worklogStates ?? [...DEFAULT_WORKLOG_STATES] };
  }

  async put(journalId: string, s: SubmissionSettings): Promise<void> {
    await this.model.updateOne({ journalId: jid(journalId) }, { $set: { worklogStates: s.worklogStates, updatedAt: new Date() } }, { upsert: true });
  }
}
