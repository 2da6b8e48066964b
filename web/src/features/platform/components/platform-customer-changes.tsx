import type { UseQueryResult } from '@tanstack/react-query';
import type { ActivityEntry } from '@journal/contracts';
import { ActivityChanges, activityTime } from '@/components/activity-changes';
import { QueryStates } from '@/components/query-states';
import { StaffTable } from '@/components/staff-table';

/** How many of the platform's recent changes the screen shows (the API gives a page of the log). */
const SHOWN = 10;

/** The platform's recent changes of its SUSHI customers (its own activity log): who, when, what; never a key. */
export function PlatformCustomerChanges({ query }: { query: UseQueryResult<ActivityEntry[]> }) {
  const entries = (query.data ?? []).slice(0, SHOWN);
  return (
    <section aria-labelledby="platform-changes-h">
      <h2 id="platform-changes-h">Recent changes</h2>
      <QueryStates query={query} failed="The recent changes could not be loaded. Reload the page to try again." empty="No changes yet." isEmpty={entries.length === 0} />
      {entries.length > 0 && (
        <StaffTable columns={['When', 'Operator', 'Customer', 'Changes']} label="Recent changes of the customers">
          {entries.map((e) => (
            <tr key={e.id}>
              <td>{activityTime(e.at)}</td>
              <td>{e.actor.id ? e.actor.name : 'Command line'}</td>
              <td>{e.record.label}</td>
              <td>
                <ActivityChanges entry={e} />
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}
