import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { MAX_INVITES_AT_ONCE, reviewInviteSchema, type SubmissionReviews } from '@journal/contracts';
import { FormError, QueryStates } from '@/components/query-states';
import { firstProblem } from '@/lib/form-errors';
import type { ReviewsApi } from '../api/reviews.api';
import { adminKeys } from '../api/keys';
import { failureMessage } from '../lib/failure';

/** A day `days` from `now`, as the date input holds it (UTC). */
export const dayFromNow = (days: number, now = new Date()) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

interface Candidate {
  id: string;
  name: string;
  affiliation: string;
  note: string;
}

/** One list of reviewers to tick: the suggestions, or the results of a search. */
function Candidates({ legend, items, chosen, toggle }: { legend: string; items: Candidate[]; chosen: Set<string>; toggle: (id: string) => void }) {
  return (
    <fieldset className="review-candidates">
      <legend>{legend}</legend>
      <ul>
        {items.map((c) => (
          <li key={c.id}>
            <label>
              <input type="checkbox" checked={chosen.has(c.id)} onChange={() => toggle(c.id)} /> <strong>{c.name}</strong>
              {c.affiliation && `, ${c.affiliation}`}
              {c.note && <small> ({c.note})</small>}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * docs/product.md#peer-review: invite reviewers with a due date. Suggested reviewers come first
 * (by subject and recent load); any other available reviewer is found by name. `done` takes the
 * submission's reviews as the server answers them.
 */
export function ReviewInvite({ submissionId, reviews, api, done }: {
  submissionId: string;
  reviews: SubmissionReviews;
  api: ReviewsApi;
  done: (r: SubmissionReviews, note: string) => Promise<void>;
}) {
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [dueDate, setDueDate] = useState(dayFromNow(reviews.settings.defaultDueDays));
  const [message, setMessage] = useState('');
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Candidate[] | null>(null);
  const [error, setError] = useState('');
  const suggestions = useQuery({ queryKey: adminKeys.reviewerSuggestions(submissionId), queryFn: () => api.suggestions(submissionId), retry: false });
  const invited = new Set(reviews.reviews.filter((r) => r.state === 'invited' || r.state === 'accepted').map((r) => r.reviewer?.id));

  const invite = useMutation({
    mutationFn: (body: { reviewerIds: string[]; dueDate: string; message: string }) => api.invite(submissionId, body),
    onSuccess: async (r, body) => {
      setChosen(new Set());
      setMessage('');
      setError('');
      await done(r, `${body.reviewerIds.length} invitation${body.reviewerIds.length === 1 ? '' : 's'} sent`);
    },
    onError: (err) => setError(failureMessage(err) ?? ''),
  });
  const find = useMutation({
    mutationFn: (q: string) => api.reviewers({ q, subject: '', available: 'true', page: 1 }),
    onSuccess: (list) => setFound(list.items.filter((r) => !invited.has(r.id)).map((r) => ({ id: r.id, name: r.name, affiliation: r.affiliation, note: `${r.openReviews} open` }))),
    onError: (err) => setError(failureMessage(err) ?? ''),
  });

  function toggle(id: string) {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = reviewInviteSchema.safeParse({ reviewerIds: [...chosen], dueDate, message });
    if (!parsed.success) return setError(firstProblem(parsed.error));
    invite.mutate(parsed.data);
  }
  function lookUp() {
    if (search.trim()) find.mutate(search.trim().slice(0, 200));
  }

  const suggested: Candidate[] = (suggestions.data?.items ?? [])
    .filter((r) => !invited.has(r.id))
    .map((r) => ({ id: r.id, name: r.name, affiliation: r.affiliation, note: [r.matched.join(', '), `${r.recentLoad} in 180 days`].filter(Boolean).join('; ') }));

  return (
    <form className="card review-invite" aria-label="Invite reviewers" onSubmit={submit} noValidate>
      <h3>Invite reviewers</h3>
      <QueryStates
        query={suggestions}
        failed={failureMessage(suggestions.error) ?? 'The suggestions could not be read.'}
        empty="No reviewer matches this submission's subject. Find one by name below."
        isEmpty={suggested.length === 0}
      />
      {suggested.length > 0 && <Candidates legend="Suggested reviewers" items={suggested} chosen={chosen} toggle={toggle} />}
      <div className="review-find">
        <div className="field">
          <label htmlFor="invite-search">Find a reviewer</label>
          <input
            id="invite-search"
            type="search"
            value={search}
            maxLength={200}
            placeholder="Name, email or affiliation"
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                lookUp();
              }
            }}
          />
        </div>
        <button type="button" className="btn" disabled={find.isPending} onClick={lookUp}>
          Find
        </button>
      </div>
      {found && (found.length ? <Candidates legend="Found" items={found} chosen={chosen} toggle={toggle} /> : <p>No available reviewer found.</p>)}
      <div className="review-invite-fields">
        <div className="field">
          <label htmlFor="invite-due">Due date</label>
          <input id="invite-due" type="date" required value={dueDate} onChange={(e) => setDueDate(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="invite-message">Note in the invitation (optional)</label>
          <textarea id="invite-message" rows={2} maxLength={5000} value={message} onChange={(e) => setMessage(e.target.value)} />
        </div>
      </div>
      <button type="submit" className="btn btn-primary" disabled={invite.isPending || chosen.size === 0}>
        {invite.isPending ? 'Inviting…' : chosen.size ? `Invite ${chosen.size} reviewer${chosen.size === 1 ? '' : 's'}` : 'Invite'}
      </button>
      <small className="hint"> At most {MAX_INVITES_AT_ONCE} at once.</small>
      <FormError message={error} />
    </form>
  );
}
