/**
 * @jest-environment jsdom
 */
import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { authorMayWithdraw, awaitsPayment, moveTarget, submissionStateLabels, type SubmissionStatus } from '@journal/contracts';
import { ReadCache, ReadCacheContext } from '@/lib/read-cache';
import { hydratedState, prepareRoutes, StaticRouter } from '@/lib/router';
import { ReadsContext, publicReads, type ReadGetter } from '../api/public.api';
import { SubmitPage } from './submit-page';
import { SubmissionPage } from './submission-page';

const TOKEN = 'T'.repeat(43);
type Entry = Omit<SubmissionStatus['history'][number], 'label'>;
// The service's answer for a state: its label and what the author may do come from the workflow's table.
const status = ({ history, ...over }: Partial<Omit<SubmissionStatus, 'history' | 'statusLabel' | 'may'>> & { history?: Entry[] }): SubmissionStatus => {
  const st = over.status ?? 'received';
  return {
    number: 'DEMO-2026-00042',
    title: 'Growth of <i>E. coli</i>',
    submittedAt: '2026-03-02T10:15:00.000Z',
    correspondingName: 'Asha Verma',
    manuscripts: [{ version: 1, kind: 'docx', size: 1000, at: '2026-03-02T10:15:00.000Z' }],
    fee: null,
    receipt: null,
    ptype: '',
    articlePath: '',
    ...over,
    status: st,
    statusLabel: submissionStateLabels[st],
    may: { withdraw: authorMayWithdraw(st), revise: moveTarget('revise', 'author', st) !== null, receipt: awaitsPayment(st) },
    history: (history ?? [{ at: '2026-03-02T10:15:00.000Z', from: '', to: 'received', message: '' }]).map((h) => ({ ...h, label: submissionStateLabels[h.to] })),
  };
};

// docs/product.md#submissions: the pages as the render process serves them (no script needed).
function show(url: string, routes: { path: string; element: ReactElement }[], answer?: SubmissionStatus) {
  const get = (async (path: string) => {
    if (path === '/api/settings/') return { websitename: 'Journal of Tests', flags: {} };
    if (path === `/api/submissions/status/${TOKEN}` && answer) return answer;
    throw new Error(`unexpected read ${path}`);
  }) as ReadGetter;
  render(
    <ReadsContext.Provider value={publicReads(get)}>
      <ReadCacheContext.Provider value={new ReadCache(0)}>
        <StaticRouter state={hydratedState(prepareRoutes(routes), new URL(url), null)} />
      </ReadCacheContext.Provider>
    </ReadsContext.Provider>,
  );
}

describe('/submit', () => {
  test('a multipart form posting to the API, with the hidden field, four co-author rows and the declaration', () => {
    show('http://localhost/submit', [{ path: 'submit', element: <SubmitPage /> }]);
    const form = document.querySelector('form.sub-form')!;
    expect(form.getAttribute('action')).toBe('/api/submissions');
    expect(form.getAttribute('enctype')).toBe('multipart/form-data');
    expect(form.querySelector('input[name="website"]')!.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(form.querySelectorAll('input[name$="[family]"]')).toHaveLength(4);
    expect((form.querySelector('input[name="manuscript"]') as HTMLInputElement).required).toBe(true);
    expect((form.querySelector('input[name="declaration"]') as HTMLInputElement).required).toBe(true);
  });

  test('an error code sent back by the API is shown as a fixed text, naming the field', () => {
    show('http://localhost/submit?error=validation_error&field=email', [{ path: 'submit', element: <SubmitPage /> }]);
    expect(screen.getByRole('alert').textContent).toBe('Please check the field \u201cEmail\u201d.');
    expect(document.querySelector('#sub-email')!.getAttribute('aria-invalid')).toBe('true');
  });

  test('a made-up code or field puts no words of the URL on the page', () => {
    show('http://localhost/submit?error=Send+your+password+to+evil&field=x', [{ path: 'submit', element: <SubmitPage /> }]);
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
  });
});

describe('/submission/<token>', () => {
  const routes = [{ path: 'submission/:token', element: <SubmissionPage /> }];

  test('just submitted: the number, the private link, the state and the withdrawal form', async () => {
    show(`http://localhost/submission/${TOKEN}?done=submitted`, routes, status({}));
    expect((await screen.findByText(/Your submission number is/)).textContent).toContain('DEMO-2026-00042');
    expect(document.querySelector('.sub-link')!.textContent).toContain(`/submission/${TOKEN}`);
    expect(document.querySelector(`form[action="/api/submissions/status/${TOKEN}/withdraw"]`)).not.toBeNull();
    expect(document.querySelector('form[action$="/receipt"]')).toBeNull();
  });

  test('accepted: the fee and the receipt form; no withdrawal any more', async () => {
    show(`http://localhost/submission/${TOKEN}`, routes, status({ status: 'accepted', fee: { india: '2500', foreign: '60' } }));
    expect((await screen.findByText('INR 2500')).tagName).toBe('STRONG');
    expect(screen.getByText('USD 60')).toBeTruthy();
    expect(document.querySelector(`form[action="/api/submissions/status/${TOKEN}/receipt"]`)).not.toBeNull();
    expect(document.querySelector('form[action$="/withdraw"]')).toBeNull();
  });

  test('revision requested: the editors\u2019 message and the revision form', async () => {
    show(`http://localhost/submission/${TOKEN}`, routes, status({
      status: 'revision_requested',
      history: [
        { at: '2026-03-02T10:15:00.000Z', from: '', to: 'received', message: '' },
        { at: '2026-03-04T10:15:00.000Z', from: 'received', to: 'revision_requested', message: 'Please add a figure.' },
      ],
    }));
    expect(await screen.findByText('Please add a figure.')).toBeTruthy();
    expect(document.querySelector('form[action$="/revision"] input[name="manuscript"]')).not.toBeNull();
    expect(screen.getAllByText('Revision requested').length).toBeGreaterThan(0);
  });
});
