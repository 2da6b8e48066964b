/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { configure, screen, waitFor } from '@testing-library/react';
import type { SubmissionDetail } from '@journal/contracts';
import { json, problem, useJsonServer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import { SubmissionDetailPage } from './submission-detail';

// Reads go to a real server on a shared, loaded machine: each wait gets 5 s.
configure({ asyncUtilTimeout: 5000 });

// docs/product.md#submissions: "Publish" on a paid submission, against a real server whose issue fills up meanwhile.
const SID = 'a'.repeat(24);
const detail = (pagenumber: string): SubmissionDetail => ({
  id: SID, number: 'IJARS-2026-00042', status: 'paid', title: 'Soil microbes', correspondingName: 'Asha Rao', email: 'asha@example.org',
  country: 'India', submittedAt: '2026-03-01T00:00:00.000Z', updatedAt: '2026-03-09T00:00:00.000Z', mobile: '', abstract: 'What we found.',
  keywords: 'soil', subject: 'Soil science', authors: [], manuscripts: [], receipt: null, ptype: 'paid', txnid: 'TX-1', history: [], decisions: [],
  article: null, fee: { india: '1000', foreign: '50' },
  proposal: { year: 2026, volume: 4, issue: 2, pagenumber, refnumber: '1043', publishdate: '2026-03-10' },
} as unknown as SubmissionDetail);

let lastPage = 10;
const published: unknown[] = [];
const server = useJsonServer([
  [`GET /api/admin/submissions/${SID}`, () => json(detail(`${lastPage + 1}-${lastPage + 10}`))],
  [`GET /api/admin/submissions/${SID}/emails`, () => json({ emails: [] })],
  [
    `POST /api/admin/submissions/${SID}/publish`,
    (req) => {
      const body = JSON.parse(req.body) as { pagenumber: string };
      const first = Number(body.pagenumber.split('-')[0]);
      if (first <= lastPage) return problem(400, 'invalid_pagenumber', `The last page was ${lastPage}`);
      published.push(body);
      return json({ ...detail(body.pagenumber), status: 'published', article: { id: 'b'.repeat(24), refnumber: '1043', path: '/x' } });
    },
  ],
  ['*', () => json({ items: [] })],
]);

test('a publication refused because another add took its pages proposes the pages after them', async () => {
  const { user } = renderAdmin(<SubmissionDetailPage />, { base: server.base, path: `/admin/submissions/${SID}`, route: '/admin/submissions/:id' });
  const pages = await screen.findByLabelText<HTMLInputElement>('Pages');
  expect(pages.value).toBe('11-20');
  // A staff add stores pages 11-14 while the form is open.
  lastPage = 14;
  await user.click(screen.getByRole('button', { name: 'Publish' }));
  await screen.findByText('The last page was 14');
  await waitFor(() => expect(pages.value).toBe('15-24'));
  expect(published).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Publish' }));
  await waitFor(() => expect(published).toHaveLength(1));
  expect(published[0]).toMatchObject({ pagenumber: '15-24', refnumber: '1043' });
});
