/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api-client';
import { captureDownloads } from '@/testing/downloads';
import { FileExportButton, type FileExportButtonProps } from './file-export-button';

const downloads = captureDownloads();
beforeEach(() => {
  downloads.length = 0;
});

/** A download the test answers when it likes, so the busy state is certainly on screen. */
function pending() {
  let answer: (r: { blob: Blob; filename?: string }) => void = () => undefined;
  let fail: (e: unknown) => void = () => undefined;
  const download = jest.fn(
    () =>
      new Promise<{ blob: Blob; filename?: string }>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
  );
  return { download, answer: (filename?: string) => answer({ blob: new Blob(['<x/>']), filename }), fail: (e: unknown) => fail(e) };
}

function show(props: Partial<FileExportButtonProps> & Pick<FileExportButtonProps, 'download'>) {
  const user = userEvent.setup();
  render(<FileExportButton label="Export file" fallbackName="export.xml" failure="Could not export the file" {...props} />);
  const button = (name = 'Export file') => screen.getByRole<HTMLButtonElement>('button', { name });
  return { user, button, click: () => user.click(button()) };
}

describe('file export button', () => {
  test('is off when told so', () => {
    const s = show({ download: jest.fn(), disabled: true });
    expect(s.button().disabled).toBe(true);
  });

  test("is busy while the file is made, then hands it over under the server's name and runs what follows", async () => {
    const d = pending();
    const afterSave = jest.fn(async () => undefined);
    const s = show({ download: d.download, afterSave });
    await s.click();
    const busy = s.button('Exporting…');
    expect([busy.disabled, busy.getAttribute('aria-busy')]).toEqual([true, 'true']);
    // A second click while busy starts nothing.
    await s.user.click(busy);
    expect(d.download).toHaveBeenCalledTimes(1);
    d.answer('issue-4-2.xml');
    expect((await screen.findByRole('button', { name: 'Export file' })).getAttribute('aria-busy')).toBe('false');
    expect(downloads).toEqual(['issue-4-2.xml']);
    expect(afterSave).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('uses its own name when the server gives none', async () => {
    const d = pending();
    const s = show({ download: d.download });
    await s.click();
    d.answer();
    await screen.findByRole('button', { name: 'Export file' });
    expect(downloads).toEqual(['export.xml']);
  });

  test("shows the server's refusal, or its own text for any other failure, and can try again", async () => {
    const d = pending();
    const s = show({ download: d.download });
    await s.click();
    d.fail(new ApiError(400, 'no_articles', 'This issue has no public articles'));
    expect((await screen.findByRole('alert')).textContent).toBe('This issue has no public articles');
    expect(s.button().disabled).toBe(false);

    await s.click();
    // The old message goes while the new try runs.
    expect(screen.queryByRole('alert')).toBeNull();
    d.fail(new TypeError('Failed to fetch'));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not export the file');
    expect(downloads).toEqual([]);
  });
});
