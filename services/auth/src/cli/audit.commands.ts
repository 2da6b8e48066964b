import { AppError, type ActivityLog, type CliCommand } from '@journal/server-kit';
import type { ActivityEntry } from '@journal/contracts';
import { journalIdBySlug, type JournalLookup } from './user.commands';

export interface AuditCliDeps {
  activity: ActivityLog;
  journals: JournalLookup;
}

// Names, labels and values are typed by staff: a control character must not reach the
// operator's terminal as one (escape sequences could rewrite what the screen shows).
// eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
const printable = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const SINCE_RE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** `--since` as a time: a day (UTC midnight) or an ISO date-time. */
export function parseSince(value: string | undefined): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const v = value.trim();
  const at = SINCE_RE.test(v) ? new Date(v.length === 10 ? `${v}T00:00:00Z` : v) : new Date(Number.NaN);
  if (Number.isNaN(at.getTime())) throw new AppError(400, 'invalid_since', `--since must be a date (YYYY-MM-DD) or an ISO date-time, not ${printable(v)}`);
  return at;
}

/** One entry as one line, then one indented line per changed field. */
export function auditLines(e: ActivityEntry): string {
  const who = `${e.actor.name} (${e.actor.role})`;
  const what = `${e.record.type} ${e.record.label || e.record.id}`.trim();
  const where = [e.ip && `from ${e.ip}`, e.requestId && `request ${e.requestId}`].filter(Boolean).join(', ');
  const head = printable(`${e.at}  ${who}  ${e.kind}  ${what}${where ? `  [${where}]` : ''}`);
  return [head, ...e.changes.map((c) => printable(`    ${c.field}: ${JSON.stringify(c.before)} -> ${JSON.stringify(c.after)}`))].join('\n');
}

/** `jp audit`: the operator's view of a journal's activity log (docs/operations.md#activity-log). */
export function auditCommands(deps: () => Promise<AuditCliDeps>): CliCommand[] {
  return [
    {
      words: ['audit'],
      summary: "print a journal's activity log, oldest first",
      options: {
        journal: { type: 'string', required: true, describe: 'the journal slug' },
        since: { type: 'string', describe: 'only entries from this day (YYYY-MM-DD, UTC) or ISO time on' },
      },
      async run(a) {
        const since = parseSince(a.since === undefined ? undefined : String(a.since));
        const d = await deps();
        const entries = await d.activity.since(await journalIdBySlug(d.journals, String(a.journal)), since);
        return { data: { entries }, text: entries.length ? entries.map(auditLines).join('\n') : 'no activity' };
      },
    },
  ];
}
