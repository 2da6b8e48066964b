import type { ActivityEntry } from '@journal/contracts';

/** When an activity entry was made, as the logs show it (UTC, docs/product.md#activity-log). */
export const activityTime = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

/** What an activity entry changed, field by field (before → after). */
export function ActivityChanges({ entry }: { entry: ActivityEntry }) {
  return (
    <ul className="activity-changes">
      {entry.changes.map((c) => (
        <li key={c.field}>
          <code>{c.field}</code>: {c.before === '' ? <em>empty</em> : c.before} → {c.after === '' ? <em>empty</em> : c.after}
        </li>
      ))}
    </ul>
  );
}
