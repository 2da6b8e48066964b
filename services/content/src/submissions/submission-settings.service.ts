import { parse, type ActivityActor, type ActivityLog } from '@journal/server-kit';
import { submissionSettingsSchema, type SubmissionSettings } from '@journal/contracts';
import type { SubmissionSettingsRepo } from './submission-settings.repo';

/** docs/product.md#submission-worklog: the journal's submission settings; a manager's change is in the activity log. */
export class SubmissionSettingsService {
  constructor(private readonly p: { settings: SubmissionSettingsRepo; activity: Pick<ActivityLog, 'record'> }) {}

  get(journalId: string): Promise<SubmissionSettings> {
    return this.p.settings.get(journalId);
  }

  async update(journalId: string, actor: ActivityActor, body: unknown): Promise<SubmissionSettings> {
    const next = parse(submissionSettingsSchema, body ?? {});
    const before = await this.p.settings.get(journalId);
    await this.p.settings.put(journalId, next);
    await this.p.activity.record(journalId, actor, {
      kind: 'submission.settings',
      record: { type: 'submission-settings', id: journalId, label: 'Submissions' },
      changes: [{ field: 'worklogStates', before: before.worklogStates.join(', '), after: next.worklogStates.join(', ') }],
    });
    return next;
  }
}
