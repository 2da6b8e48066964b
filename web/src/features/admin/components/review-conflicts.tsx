import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { SubmissionReviews } from '@journal/contracts';
import { FormError } from '@/components/query-states';
import { useAdminApi } from '../api/admin.api';
import type { ReviewsApi } from '../api/reviews.api';
import { adminKeys } from '../api/keys';
import { failureMessage } from '../lib/failure';

/**
 * docs/product.md#peer-review (managers): the staff users in conflict with this submission (its
 * authors among the staff). They see no reviewer of it in double-blind review and cannot invite.
 */
export function ReviewConflicts({ submissionId, data, api, done }: {
  submissionId: string;
  data: SubmissionReviews;
  api: ReviewsApi;
  done: (r: SubmissionReviews, note: string) => Promise<void>;
}) {
  const adminApi = useAdminApi();
  const [userId, setUserId] = useState('');
  const [error, setError] = useState('');
  const users = useQuery({ queryKey: adminKeys.staff(), queryFn: adminApi.staff, retry: false });
  const set = useMutation({
    mutationFn: (c: { userId: string; name: string; remove: boolean }) => api.setConflict(submissionId, c),
    onSuccess: async (d, c) => {
      setUserId('');
      setError('');
      await done(d, c.remove ? `${c.name} is no longer in conflict` : `${c.name} recorded as in conflict`);
    },
    onError: (err) => setError(failureMessage(err) ?? ''),
  });
  const listed = new Set(data.conflicts.map((c) => c.userId));
  const choices = (users.data ?? []).filter((u) => !listed.has(u.id));
  return (
    <div className="card review-conflicts">
      <h3>Conflicts of interest</h3>
      {data.conflicts.length === 0 ? (
        <p>No staff user is recorded as an author of this submission.</p>
      ) : (
        <ul>
          {data.conflicts.map((c) => (
            <li key={c.userId}>
              {c.name || c.userId}{' '}
              <button type="button" className="btn btn-small" disabled={set.isPending} onClick={() => set.mutate({ userId: c.userId, name: c.name, remove: true })}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="review-find">
        <div className="field">
          <label htmlFor="conflict-user">Staff user who is an author</label>
          <select id="conflict-user" value={userId} onChange={(e) => setUserId(e.target.value)}>
            <option value="">{users.isLoading ? 'Loading...' : 'Select'}</option>
            {choices.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn"
          disabled={!userId || set.isPending}
          onClick={() => set.mutate({ userId, name: choices.find((u) => u.id === userId)?.name ?? '', remove: false })}
        >
          Record the conflict
        </button>
      </div>
      <FormError message={error || (users.isError ? (failureMessage(users.error) ?? '') : '')} />
    </div>
  );
}
