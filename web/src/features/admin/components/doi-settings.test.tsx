/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen } from '@testing-library/react';
import { formatDoi } from '@journal/contracts';
import { json, problem, useJsonServer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import { DoiSettings } from './doi-settings';

// docs/product.md#doi: a real server keeps the settings; `server.failing` fails every answer,
// `refusing` every save.
let refusing = false;
const saved: unknown[] = [];
const server = useJsonServer([
  ['/api/settings/', () => json({ journalId: 'j1', websitename: 'IJARS', doi_prefix: '10.12345', doi_suffix_pattern: 'ij.{year}.{refnumber}' })],
  [
    '*',
    (req) => {
      if (refusing) return problem(400, 'validation_error', 'The prefix is not ours');
      saved.push(JSON.parse(req.body));
      return json(JSON.parse(req.body));
    },
  ],
]);
beforeEach(() => {
  refusing = false;
  saved.length = 0;
});

function show() {
  const { user } = renderAdmin(<DoiSettings />, { base: server.base });
  return { user, save: () => user.click(screen.getByRole('button', { name: 'Save DOI settings' })) };
}

describe('DOI settings', () => {
  test('loading, then the stored prefix and pattern with the DOI a sample article would get', async () => {
    show();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(((await screen.findByLabelText('DOI prefix')) as HTMLInputElement).value).toBe('10.12345');
    expect((screen.getByLabelText('Suffix pattern') as HTMLInputElement).value).toBe('ij.{year}.{refnumber}');
    const sample = formatDoi('10.12345', 'ij.{year}.{refnumber}', { year: new Date().getFullYear(), volume: 5, issue: 2, refnumber: '1234' });
    expect(document.querySelector('.hint')?.textContent).toContain(`Example: ${sample}`);
  });

  test('asks for both or neither before sending anything', async () => {
    const s = show();
    await s.user.clear(await screen.findByLabelText('Suffix pattern'));
    await s.save();
    expect(screen.getByRole('alert').textContent).toBe('Set both the DOI prefix and the suffix pattern, or neither');
    expect(saved).toEqual([]);
  });

  test('saves what was typed and says so', async () => {
    const s = show();
    const pattern = await screen.findByLabelText('Suffix pattern');
    await s.user.clear(pattern);
    await s.user.click(pattern);
    await s.user.paste('ij.v{volume}.{refnumber}');
    await s.save();
    expect((await screen.findByText('DOI settings saved')).getAttribute('role')).toBe('status');
    expect(saved).toEqual([{ doi_prefix: '10.12345', doi_suffix_pattern: 'ij.v{volume}.{refnumber}' }]);
  });

  test("shows the server's refusal of a save", async () => {
    const s = show();
    await screen.findByLabelText('DOI prefix');
    refusing = true;
    await s.save();
    expect((await screen.findByRole('alert')).textContent).toBe('The prefix is not ours');
  });

  test('says the settings could not be loaded when the read fails', async () => {
    server.failing = true;
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the settings.');
    expect(screen.queryByLabelText('DOI prefix')).toBeNull();
  });
});
