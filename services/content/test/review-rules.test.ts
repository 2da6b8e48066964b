/** docs/product.md#peer-review: the review workflow's pure rules. */
import { decisionMessage, isConflicted, isDueDateAcceptable, isOverdue, isSelf, planReminders } from '../src/reviews/review-rules';
import { nextReminderAt } from '../src/reviews/review.repo';

const NOW = new Date('2026-06-10T12:00:00Z');
const author = (given: string, family: string, email = '') => ({ given, family, email, orcid: '', corresponding: false, affiliations: [] });

describe('review rules', () => {
  test('reminders: one before the due date while still ahead, one per day offset after, at 09:00 UTC', () => {
    const plan = planReminders('2026-06-20', { reminderDaysBefore: 3, reminderDaysAfter: [7, 1, 7] }, NOW);
    expect(plan.map((r) => [r.key, r.at.toISOString()])).toEqual([
      ['before-3', '2026-06-17T09:00:00.000Z'],
      ['after-1', '2026-06-21T09:00:00.000Z'],
      ['after-7', '2026-06-27T09:00:00.000Z'],
    ]);
    // A due date two days ahead: the "3 days before" moment has passed, so it is not planned.
    expect(planReminders('2026-06-12', { reminderDaysBefore: 3, reminderDaysAfter: [] }, NOW)).toEqual([]);
    expect(nextReminderAt(plan)?.toISOString()).toBe('2026-06-17T09:00:00.000Z');
    expect(nextReminderAt(plan.map((r) => ({ ...r, state: 'sent' as const })))).toBeNull();
  });

  test('overdue only while open and after the due day', () => {
    expect(isOverdue({ state: 'accepted', dueDate: '2026-06-09' }, NOW)).toBe(true);
    expect(isOverdue({ state: 'accepted', dueDate: '2026-06-10' }, NOW)).toBe(false);
    expect(isOverdue({ state: 'submitted', dueDate: '2026-06-01' }, NOW)).toBe(false);
  });

  test('due dates from today to a year ahead', () => {
    expect(isDueDateAcceptable('2026-06-10', NOW)).toBe(true);
    expect(isDueDateAcceptable('2026-06-09', NOW)).toBe(false);
    expect(isDueDateAcceptable('2027-06-11', NOW)).toBe(false);
  });

  test('the conflict rule: recorded users, or a user named by an author e-mail or name', () => {
    const s = { email: 'asha@example.org', authors: [author('Asha', 'Rao', 'asha@example.org'), author('Ravi', 'Kumar', 'ravi@example.org')] };
    const none = { conflicts: [] };
    expect(isConflicted({ id: 'u1', name: 'Asha@Example.org' }, s, none)).toBe(true);
    expect(isConflicted({ id: 'u1', name: 'ravi  kumar' }, s, none)).toBe(true);
    expect(isConflicted({ id: 'u1', name: 'Kumar Ravi' }, s, none)).toBe(true);
    expect(isConflicted({ id: 'u1', name: 'edna' }, s, none)).toBe(false);
    expect(isConflicted({ id: 'u1', name: 'edna' }, s, { conflicts: [{ userId: 'u1', name: 'edna' }] })).toBe(true);
    expect(isSelf({ name: 'Edna' }, { name: 'edna', email: 'e@x.org' })).toBe(true);
    expect(isSelf({ name: 'e@x.org' }, { name: 'Someone', email: 'E@x.org' })).toBe(true);
    expect(isSelf({ name: '' }, { name: '', email: 'e@x.org' })).toBe(false);
  });

  test("the decision's message: the editor's words, then comments to the author by label only", () => {
    const m = decisionMessage('Please revise.', [
      { label: 'Reviewer 1', recommendation: 'minor_revision', toAuthor: 'Clarify Table 2.' },
      { label: 'Reviewer 2', recommendation: 'reject', toAuthor: '  ' },
    ]);
    expect(m).toBe('Please revise.\n\nReviewer 1 (recommendation: Minor revision):\nClarify Table 2.');
  });
});
