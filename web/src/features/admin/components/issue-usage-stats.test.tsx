/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen, waitFor, within } from '@testing-library/react';
import { FAILURE, json, useJsonServer, type Answer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import type { IssueUsage } from '../api/scholarly.api';
import { IssueUsageStats } from './issue-usage-stats';

// docs/product.md#usage-statistics: a real server answers each issue differently; issue 4's answer
// waits for `release`, so the loading state is certainly on screen while it does.
const counted: IssueUsage = {
  views: 5,
  downloads: 7,
  months: [{ month: '2026-05', views: 5, downloads: 7 }],
  articles: [{ id: 'a1', refnumber: '501', title: 'Soil <i>moisture</i>', status: 'enabled', views: 5, downloads: 7, months: [] }],
};
let release: (() => void) | null = null;
const server = useJsonServer([
  [
    '*',
    ({ url }) => {
      const issue = url.split('/').at(-1);
      if (issue === '1') return json({ views: 0, downloads: 0, months: [], articles: [] });
      if (issue === '2') return json(counted);
      if (issue === '3') return FAILURE;
      return new Promise<Answer>((resolve) => (release = () => resolve(json(counted))));
    },
  ],
]);

/** The issue's total line: its figures are in elements of their own. */
const total = () => [...document.querySelectorAll('p')].find((p) => p.textContent?.startsWith('Issue total:')) ?? null;

function show(issue: number) {
  renderAdmin(<IssueUsageStats year={2026} volume={4} issue={issue} />, { base: server.base });
}

describe("an issue's usage counts (admin)", () => {
  test('loading, then the totals, the chart and a row per article', async () => {
    show(4);
    // The read has reached the server, its answer held: the page is loading.
    await waitFor(() => expect(release).not.toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    release!();
    await screen.findByRole('table', { name: 'Views and downloads per article' });
    expect(total()?.textContent).toBe('Issue total: 5 views, 7 downloads');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('img', { name: 'Views and downloads of the issue per month' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Views and downloads per article' });
    expect(within(table).getByText('501').closest('tr')?.textContent).toContain('57');
  });

  test('says so when nothing is counted yet', async () => {
    show(1);
    expect((await screen.findByText('No views or downloads counted yet.')).className).toContain('state-empty');
    expect(total()).toBeNull();
  });

  test('says the counts could not be loaded when the read fails', async () => {
    show(3);
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the usage counts.');
    expect(total()).toBeNull();
  });
});
