/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import type { PdfJobState } from '@/lib/pdf/use-pdf-job';
import { PdfProgress } from './pdf-progress';

// docs/product.md (Documents and file names): what a document job shows in each of its phases.
const none = { done: 0, total: 0 };
function show(state: PdfJobState, label?: string) {
  const { container } = render(<PdfProgress {...state} {...(label ? { label } : {})} />);
  return container;
}
const bar = () => screen.getByRole('progressbar');
const text = () => document.querySelector('.pdf-progress-text')?.textContent;

describe('document job progress', () => {
  test('shows nothing before a job starts', () => {
    expect(show({ phase: 'idle', progress: none }).innerHTML).toBe('');
  });

  test('an indeterminate bar until the total is known', () => {
    show({ phase: 'starting', progress: none });
    expect(text()).toBe('Preparing…');
    expect(screen.getByRole('progressbar', { name: 'Preparing…' }).hasAttribute('value')).toBe(false);
    expect(bar().hasAttribute('max')).toBe(false);
    expect(bar().parentElement?.getAttribute('aria-live')).toBe('polite');
  });

  test('done out of total once known, under the given label', () => {
    show({ phase: 'running', progress: { done: 2, total: 5 } }, 'Rendering');
    expect(text()).toBe('Rendering… 2 / 5');
    const b = screen.getByRole('progressbar', { name: 'Rendering… 2 / 5' });
    expect([b.getAttribute('value'), b.getAttribute('max')]).toEqual(['2', '5']);
  });

  test('running before the total is known says the label alone', () => {
    show({ phase: 'running', progress: none });
    expect(text()).toBe('Preparing…');
  });

  test('then downloading, then downloaded', () => {
    show({ phase: 'downloading', progress: { done: 5, total: 5 } });
    expect(text()).toBe('Downloading…');
    document.body.innerHTML = '';
    show({ phase: 'done', progress: { done: 5, total: 5 } });
    expect(text()).toBe('Downloaded');
    expect(screen.getByRole('progressbar', { name: 'Downloaded' }).getAttribute('value')).toBe('5');
  });

  test("a failure is an alert with the job's reason, or a general one", () => {
    show({ phase: 'error', progress: none, error: 'The document could not be produced' });
    expect(screen.getByRole('alert').textContent).toBe('The document could not be produced');
    expect(screen.queryByRole('progressbar')).toBeNull();
    document.body.innerHTML = '';
    show({ phase: 'error', progress: none });
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong');
  });
});
