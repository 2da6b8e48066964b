/**
 * @jest-environment jsdom
 */
import { act, render, screen } from '@testing-library/react';
import type { QueryKey } from '@tanstack/react-query';
import { invalidateAfterSave, staleAfterSaving } from '@/features/admin/api/keys';
import { publicReads, useArchiveYears, useArticleByRef, useEditors, useIndexing, useSearch, useSettings, type ReadGetter } from '@/features/public/api/public.api';
import { newQueryClient, Providers } from './providers';

// What the content service would answer, changed by the test the way an admin save changes it.
type Store = Record<string, unknown>;
const initial = (): Store => ({
  '/api/settings/': { websitename: 'Old Name' },
  '/api/editors/': [{ id: 'e1', name: 'Old Editor' }],
  '/api/indexing/': [{ id: 'i1', title: 'Old Index' }],
  '/api/archives/': [{ year: 2026, volume: 4, total_issues: 1, issues: [{ volume: 4, issue: 1, month: 'Old Month' }] }],
  '/api/archives/ref/1042': { refnumber: '1042', title: 'Old Title', status: 'enabled' },
  '/api/search?keyword=soil': [{ refnumber: '1042', title: 'Old Title' }],
});

function PublicViews() {
  const settings = useSettings();
  const editors = useEditors();
  const indexing = useIndexing();
  const years = useArchiveYears();
  const article = useArticleByRef('1042');
  const search = useSearch('soil');
  return (
    <ul>
      <li data-testid="settings">{settings.data?.websitename}</li>
      <li data-testid="editors">{editors.data?.[0]?.name}</li>
      <li data-testid="indexing">{indexing.data?.[0]?.title}</li>
      <li data-testid="archives">{years.data?.[0]?.issues?.[0]?.month}</li>
      <li data-testid="article">{article.data?.title}</li>
      <li data-testid="search">{search.data?.[0]?.title}</li>
    </ul>
  );
}

async function showPublicViews() {
  const store = initial();
  const get = (async (path: string) => JSON.parse(JSON.stringify(store[path]))) as ReadGetter;
  // The browser's query client, with its real stale times (settings: five minutes).
  const queryClient = newQueryClient(false);
  render(
    <Providers queryClient={queryClient} reads={publicReads(get)} site={{ origin: 'http://journal.test' }}>
      <PublicViews />
    </Providers>,
  );
  await screen.findByText('Old Title', { selector: '[data-testid="search"]' });
  for (const id of ['settings', 'editors', 'indexing', 'archives', 'article']) expect(screen.getByTestId(id).textContent).toMatch(/^Old /);
  const save = async (keys: QueryKey[]) => {
    await act(() => invalidateAfterSave(queryClient, keys));
    // react-query tells the components on the next tick; let that tick pass before looking.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  };
  return { store, save, text: (id: string) => screen.getByTestId(id).textContent };
}

describe('an admin save reaches the public views in the same tab', () => {
  test('settings: the public layout shows the new site name at once', async () => {
    const v = await showPublicViews();
    (v.store['/api/settings/'] as { websitename: string }).websitename = 'New Name';
    await v.save(staleAfterSaving.settings());
    expect(v.text('settings')).toBe('New Name');
  });

  test("settings saved under the admin's own key alone stay stale on the public side", async () => {
    const v = await showPublicViews();
    (v.store['/api/settings/'] as { websitename: string }).websitename = 'New Name';
    await v.save([['admin', 'settings']]);
    expect(v.text('settings')).toBe('Old Name');
  });

  test('site images and DOI settings re-read the public settings', async () => {
    const v = await showPublicViews();
    (v.store['/api/settings/'] as { websitename: string }).websitename = 'Images Name';
    await v.save(staleAfterSaving.images());
    expect(v.text('settings')).toBe('Images Name');
    (v.store['/api/settings/'] as { websitename: string }).websitename = 'DOI Name';
    (v.store['/api/archives/ref/1042'] as { title: string }).title = 'DOI Title';
    await v.save(staleAfterSaving.doiSettings());
    expect(v.text('settings')).toBe('DOI Name');
    expect(v.text('article')).toBe('DOI Title');
  });

  test('an editor: the board', async () => {
    const v = await showPublicViews();
    v.store['/api/editors/'] = [{ id: 'e1', name: 'New Editor' }];
    await v.save(staleAfterSaving.editor());
    expect(v.text('editors')).toBe('New Editor');
  });

  test('indexing: the indexing page and the home sidebar, after a save and after a reorder', async () => {
    const v = await showPublicViews();
    v.store['/api/indexing/'] = [{ id: 'i2', title: 'New Index' }];
    await v.save(staleAfterSaving.indexing());
    expect(v.text('indexing')).toBe('New Index');
    v.store['/api/indexing/'] = [{ id: 'i1', title: 'Reordered Index' }];
    await v.save(staleAfterSaving.indexingOrder());
    expect(v.text('indexing')).toBe('Reordered Index');
  });

  test('an issue: the archives', async () => {
    const v = await showPublicViews();
    v.store['/api/archives/'] = [{ year: 2026, volume: 4, total_issues: 2, issues: [{ volume: 4, issue: 1, month: 'New Month' }] }];
    await v.save(staleAfterSaving.issue());
    expect(v.text('archives')).toBe('New Month');
  });

  test('an article: its page, the search and the archives', async () => {
    const v = await showPublicViews();
    v.store['/api/archives/ref/1042'] = { refnumber: '1042', title: 'New Title', status: 'enabled' };
    v.store['/api/search?keyword=soil'] = [{ refnumber: '1042', title: 'New Title' }];
    v.store['/api/archives/'] = [{ year: 2026, volume: 4, total_issues: 1, issues: [{ volume: 4, issue: 1, month: 'New Month' }] }];
    await v.save(staleAfterSaving.article());
    expect(v.text('article')).toBe('New Title');
    expect(v.text('search')).toBe('New Title');
    expect(v.text('archives')).toBe('New Month');
  });

  test('a Crossref export: the article pages that show the new DOIs', async () => {
    const v = await showPublicViews();
    (v.store['/api/archives/ref/1042'] as { title: string }).title = 'Title with DOI';
    await v.save(staleAfterSaving.dois(2026, 4, 1));
    expect(v.text('article')).toBe('Title with DOI');
  });
});
