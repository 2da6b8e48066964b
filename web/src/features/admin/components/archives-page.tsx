import { useState, type FormEvent } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { frequencyPeriods, issueCreateSchema } from '@journal/contracts';
import { paths } from '@/config/paths';
import { QueryStates } from '@/components/query-states';
import { useAdminApi } from '../api/admin.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { showFailure } from '../lib/failure';
import { capitalizePeriod, pad2, pad3 } from '../lib/format';
import { AdminTable, PageHead } from './admin-table';
import { useFlash } from './flash';
import { Choices, InlineForm } from './inline-form';
import { problemsByField } from '@/lib/form-errors';

/** Issues a page of the list holds: a journal of thousands of issues is read a page at a time. */
const ISSUES_PAGE = 100;

/** docs/product.md#admin-area: /admin/archives: the issue list with the inline Add New form. */
export function ArchivesPage() {
  const adminApi = useAdminApi();
  const [adding, setAdding] = useState(false);
  const pages = useInfiniteQuery({
    queryKey: adminKeys.issues(),
    queryFn: ({ pageParam }) => adminApi.issues({ limit: ISSUES_PAGE, before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => {
      const i = last.length === ISSUES_PAGE ? last[last.length - 1] : undefined;
      return i ? `${i.year}/${i.volume}/${i.issue}` : undefined;
    },
  });
  const issues = { ...pages, data: pages.data?.pages.flat() };

  return (
    <section>
      <PageHead title="Archives" onAdd={adding ? undefined : () => setAdding(true)} />
      {adding && <AddIssueForm onClose={() => setAdding(false)} />}
      <QueryStates query={issues} failed="Could not load the issues." isEmpty={issues.data?.length === 0} empty="No issues yet." />
      {issues.data && issues.data.length > 0 && (
        <AdminTable label="Issues" columns={['Year', 'Volume', 'Issue', 'Frequency', 'Articles']}>
          {issues.data.map((i) => (
            <tr key={`${i.year}-${i.volume}-${i.issue}`}>
              <td>{i.year}</td>
              <td>
                <Link to={paths.admin.issue(i.year, i.volume, i.issue)}>Vol. {pad2(i.volume)}</Link>
              </td>
              <td>
                <Link to={paths.admin.issue(i.year, i.volume, i.issue)}>Issue {pad2(i.issue)}</Link>
              </td>
              <td>{capitalizePeriod(i.frequency)}</td>
              <td>{pad3(i.articles)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {pages.hasNextPage && (
        <button type="button" className="btn" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          Older issues
        </button>
      )}
    </section>
  );
}

function AddIssueForm({ onClose }: { onClose: () => void }) {
  const adminApi = useAdminApi();
  const flash = useFlash();
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: adminKeys.settings(), queryFn: adminApi.settings });
  const periods = frequencyPeriods(settings.data?.journal_frequency ?? 'monthly');
  const [volume, setVolume] = useState('');
  const [issue, setIssue] = useState('');
  const [frequency, setFrequency] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const create = useMutation({
    mutationFn: adminApi.createIssue,
    // The list has the new issue before the message says it was created.
    onSuccess: async () => {
      await invalidateAfterSave(qc, staleAfterSaving.issue());
      flash('Issue created successfully');
      onClose();
    },
    onError: showFailure(flash, (err) => (err.code === 'duplicate_issue' ? 'Issue already exists' : undefined)),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = issueCreateSchema.safeParse({ volume, issue, frequency, year: new Date().getFullYear() });
    if (!parsed.success) {
      setErrors(problemsByField(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  }

  return (
    <InlineForm label="Add issue" onSubmit={submit} onClose={onClose}>
      <label className={errors.volume ? 'field invalid' : 'field'}>
        Volume
        <input name="volume" type="number" min={0} value={volume} onChange={(e) => setVolume(e.target.value)} />
        {errors.volume && <span className="field-error">{errors.volume}</span>}
      </label>
      <label className={errors.issue ? 'field invalid' : 'field'}>
        Issue
        <input name="issue" type="number" min={0} value={issue} onChange={(e) => setIssue(e.target.value)} />
        {errors.issue && <span className="field-error">{errors.issue}</span>}
      </label>
      <label className={errors.frequency ? 'field invalid' : 'field'}>
        Frequency
        <select name="frequency" value={frequency} onChange={(e) => setFrequency(e.target.value)}>
          <Choices values={periods} />
        </select>
        {errors.frequency && <span className="field-error">{errors.frequency}</span>}
      </label>
      <button type="submit" className="btn btn-primary" disabled={create.isPending}>
        Submit
      </button>
    </InlineForm>
  );
}
