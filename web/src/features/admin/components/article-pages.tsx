import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { articleErrorMessage, referencesText, toFullPeriod, type AdminArticle, type WithdrawRequest } from '@journal/contracts';
import { paths } from '@/config/paths';
import { decodeEntities } from '@/lib/sanitize';
import { Loading } from '@/components/status';
import { QueryStates } from '@/components/query-states';
import { useAdminApi } from '../api/admin.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { SOMETHING_WENT_WRONG, showFailure } from '../lib/failure';
import { useRouteIssue } from '../api/use-route-issue';
import { today } from '../lib/format';
import { ArticleForm, AuthorMessage, type ArticleFormMode, type ArticleValues } from './article-form';
import { useFlash } from './flash';
import { WithdrawalPanel } from './withdrawal-panel';

function useArticleMutation(mode: ArticleFormMode, send: (form: FormData) => Promise<AdminArticle>) {
  const flash = useFlash();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => void invalidateAfterSave(qc, staleAfterSaving.article()),
    // Anything without a fixed text shows what the server said, not a bare 'Something went wrong'.
    onError: showFailure(flash, (err) => {
      const known = articleErrorMessage(err.code, mode);
      return known === SOMETHING_WENT_WRONG ? undefined : known;
    }),
  });
}

/** docs/product.md#admin-area: /admin/archives/add/:year/:vol/:issue. */
export function AddArticlePage() {
  const adminApi = useAdminApi();
  const { year, volume, issue, query: issueQ } = useRouteIssue();
  const settings = useQuery({ queryKey: adminKeys.settings(), queryFn: adminApi.settings });
  const [created, setCreated] = useState<AdminArticle | null>(null);
  const [formKey, setFormKey] = useState(0);
  const mutation = useArticleMutation('add', adminApi.addArticle);

  const initial = useMemo<ArticleValues>(
    () => ({
      year: Number.isFinite(year) ? String(year) : '',
      volume: Number.isFinite(volume) ? String(volume) : '',
      issue: Number.isFinite(issue) ? String(issue) : '',
      frequency: issueQ.data?.issue?.frequency ?? '',
      refnumber: '', title: '', authorname: '', abstract: '', keywords: '', pagenumber: '', subject: '', country: '',
      email: '', mobile: '', txnid: '', ptype: 'paid', publishdate: today(), license: '', references: '',
    }),
    [year, volume, issue, issueQ.data?.issue?.frequency],
  );

  return (
    <section>
      <p>
        <Link to={paths.admin.issue(year, volume, issue)}>← Back to the issue</Link>
      </p>
      <h1>Add Article</h1>
      {created ? (
        <>
          <p className="success">Article added.</p>
          <AuthorMessage article={created} siteName={settings.data?.websitename ?? ''} />
          <p>
            <button
              type="button"
              className="btn"
              onClick={() => {
                setCreated(null);
                setFormKey((k) => k + 1);
              }}
            >
              Add another
            </button>{' '}
            <Link to={paths.admin.article(created.id)}>Edit this article</Link>
          </p>
        </>
      ) : issueQ.isLoading ? (
        <Loading />
      ) : (
        <ArticleForm
          key={formKey}
          mode="add"
          initial={initial}
          lastPage={issueQ.data?.lastPage ?? 0}
          journalFrequency={settings.data?.journal_frequency ?? 'monthly'}
          busy={mutation.isPending}
          onSubmit={(form) => mutation.mutate(form, { onSuccess: (a) => setCreated(a) })}
        />
      )}
    </section>
  );
}

/** docs/product.md#admin-area: /admin/archives/:id. */
export function EditArticlePage() {
  const adminApi = useAdminApi();
  const { id = '' } = useParams();
  const settings = useQuery({ queryKey: adminKeys.settings(), queryFn: adminApi.settings });
  const q = useQuery({ queryKey: adminKeys.article(id), queryFn: () => adminApi.article(id) });
  const [saved, setSaved] = useState<AdminArticle | null>(null);
  const mutation = useArticleMutation('edit', (form) => adminApi.updateArticle(id, form));
  const flash = useFlash();
  const qc = useQueryClient();
  const withdrawal = useMutation({
    mutationFn: (body: WithdrawRequest | null) => (body ? adminApi.withdrawArticle(id, body) : adminApi.restoreArticle(id)),
    onSuccess: (a, body) => {
      qc.setQueryData(adminKeys.article(id), a);
      void invalidateAfterSave(qc, staleAfterSaving.article());
      flash(!body ? 'Article restored' : body.kind === 'retracted' ? 'Article retracted' : 'Article withdrawn');
    },
    onError: showFailure(flash),
  });

  const initial = useMemo<ArticleValues | null>(() => {
    const a = q.data;
    if (!a) return null;
    return {
      year: String(a.year ?? ''), volume: String(a.volume ?? ''), issue: String(a.issue ?? ''), frequency: toFullPeriod(a.frequency ?? ''),
      refnumber: a.refnumber ?? '', title: decodeEntities(a.title ?? ''), authorname: a.authorname ?? '',
      abstract: decodeEntities(a.abstract ?? ''), keywords: a.keywords ?? '', pagenumber: a.pagenumber ?? '',
      subject: a.subject ?? '', country: a.country ?? '', email: a.email ?? '', mobile: a.mobile ?? '', txnid: a.txnid ?? '',
      ptype: a.ptype || 'paid', publishdate: a.publishdate || today(), doi: a.doi ?? '',
      license: a.license ?? '', references: referencesText(a.references ?? []),
    };
  }, [q.data]);
  const initialAuthors = useMemo(() => q.data?.authors?.map((x) => ({ ...x, affiliations: x.affiliations.map((f) => ({ ...f })) })), [q.data]);

  return (
    <section>
      {q.data && (
        <p>
          <Link to={paths.admin.issue(q.data.year, q.data.volume, q.data.issue)}>← Back to the issue</Link>
        </p>
      )}
      <h1>Edit Article</h1>
      <QueryStates query={q} failed="Not Found!" />
      {saved && (
        <>
          <p className="success">Article updated.</p>
          <AuthorMessage article={saved} siteName={settings.data?.websitename ?? ''} />
        </>
      )}
      {initial && (
        <ArticleForm
          mode="edit"
          initial={initial}
          initialAuthors={initialAuthors}
          journalFrequency={settings.data?.journal_frequency ?? 'monthly'}
          busy={mutation.isPending}
          onSubmit={(form) => mutation.mutate(form, { onSuccess: (a) => setSaved(a) })}
        >
          {q.data?.file && <p className="hint">Current file: {q.data.file}</p>}
        </ArticleForm>
      )}
      {q.data && (
        <WithdrawalPanel
          key={`${q.data.withdrawal?.kind ?? ''}:${q.data.withdrawal?.reason ?? ''}`}
          article={q.data}
          busy={withdrawal.isPending}
          onWithdraw={(body) => withdrawal.mutate(body)}
          onRestore={() => withdrawal.mutate(null)}
        />
      )}
    </section>
  );
}
