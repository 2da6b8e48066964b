/**
 * @jest-environment jsdom
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ArticleForm, type ArticleValues } from './article-form';
import type { AuthorDraft } from '../lib/author-list';

// The rules and their texts: docs/product.md#article-rules.
const blank: ArticleValues = {
  year: '2026', volume: '4', issue: '2', frequency: '', refnumber: '', title: '', authorname: '', abstract: '', keywords: '',
  pagenumber: '', subject: '', country: '', email: '', mobile: '', txnid: '', ptype: 'paid', publishdate: '2026-11-23',
};
// Title and abstract are rich-text fields; the form starts with them filled so the plain inputs decide.
const filled: ArticleValues = { ...blank, title: '<p>Soil <em>microbes</em></p>', abstract: '<p>What we found.</p>' };

const pdf = () => new File(['%PDF-1.4\n%%EOF\n'], 'paper.pdf', { type: 'application/pdf' });

function setup(props: Partial<Parameters<typeof ArticleForm>[0]> = {}) {
  const onSubmit = jest.fn<void, [FormData]>();
  // The browser's own accept filter is off so the form's checks are what refuses a file.
  const user = userEvent.setup({ applyAccept: false });
  const view = render(<ArticleForm mode="add" initial={filled} lastPage={12} journalFrequency="monthly" busy={false} onSubmit={onSubmit} {...props} />);
  const field = (name: string) => view.container.querySelector<HTMLElement>(`[data-field="${name}"]`)!;
  const input = (name: string) => within(field(name)).getByRole('textbox');
  return { onSubmit, user, view, field, input, submit: () => user.click(screen.getByRole('button', { name: 'Submit' })) };
}

type Setup = ReturnType<typeof setup>;
// Pasted, not typed: the same change events, without a keystroke each.
async function enter(s: Setup, name: string, value: string) {
  await s.user.click(s.input(name));
  await s.user.paste(value);
}

async function fillValid(s: Setup) {
  await enter(s, 'refnumber', '1042');
  await enter(s, 'authorname', 'A. Sharma, B. Rao');
  await enter(s, 'pagenumber', '13-20');
  await enter(s, 'email', 'author@example.org');
  await enter(s, 'txnid', 'TX-77/a');
  await s.user.upload(s.view.container.querySelector<HTMLInputElement>('#article-file')!, pdf());
}

describe('article form', () => {
  test('a missing required field turns red and stops the submission without a message', async () => {
    const s = setup();
    await s.submit();
    expect(s.onSubmit).not.toHaveBeenCalled();
    for (const f of ['txnid', 'email', 'authorname', 'pagenumber', 'refnumber', 'file']) expect(s.field(f).classList.contains('invalid')).toBe(true);
    // Filled from the start: not red.
    expect(s.field('ptype').classList.contains('invalid')).toBe(false);
    expect(s.field('publishdate').classList.contains('invalid')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('subject turns red while empty but does not block', async () => {
    const s = setup();
    expect(s.field('subject').classList.contains('invalid')).toBe(true);
    await fillValid(s);
    await s.submit();
    expect(s.onSubmit).toHaveBeenCalledTimes(1);
  });

  test.each([
    ['authorname', 'A. Sharma & B. Rao', 'Author name must contain only alphabets, spaces, commas, and periods'],
    ['authorname', `${'Rao '.repeat(50)}Iyer`, 'Author name should not exceed 50 words'],
    ['refnumber', '10a42', 'Ref number must be a valid number'],
    ['pagenumber', '13 to 20', 'Page number format must be like 1-6'],
    ['pagenumber', '20-13', 'Invalid page number'],
    ['pagenumber', '12-20', 'The the first value of the page range should be one more than the last one. The last page was 12'],
  ])('%s: %s is refused with its message', async (name, value, message) => {
    const s = setup();
    await fillValid(s);
    await s.user.clear(s.input(name));
    await enter(s, name, value);
    await s.submit();
    expect(s.onSubmit).not.toHaveBeenCalled();
    expect(within(s.field(name)).getByRole('alert').textContent).toBe(message);
    expect(s.field(name).classList.contains('invalid')).toBe(true);
  });

  test('a message goes as soon as the field is corrected', async () => {
    const s = setup();
    await fillValid(s);
    await s.user.clear(s.input('pagenumber'));
    await enter(s, 'pagenumber', '5-9');
    await s.submit();
    expect(within(s.field('pagenumber')).getByRole('alert').textContent).toBe(
      'The the first value of the page range should be one more than the last one. The last page was 12',
    );
    await s.user.clear(s.input('pagenumber'));
    await enter(s, 'pagenumber', '13-19');
    expect(within(s.field('pagenumber')).queryByRole('alert')).toBeNull();
  });

  test('a valid form sends every field trimmed and the PDF as pdfFile', async () => {
    const s = setup();
    await fillValid(s);
    await enter(s, 'keywords', '  soil, microbes  ');
    await s.submit();
    expect(s.onSubmit).toHaveBeenCalledTimes(1);
    const form = s.onSubmit.mock.calls[0]![0];
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'pdfFile'))).toEqual({
      year: '2026', volume: '4', issue: '2', frequency: '', refnumber: '1042', title: '<p>Soil <em>microbes</em></p>',
      authorname: 'A. Sharma, B. Rao', abstract: '<p>What we found.</p>', keywords: 'soil, microbes', pagenumber: '13-20',
      subject: '', country: '', email: 'author@example.org', mobile: '', txnid: 'TX-77/a', ptype: 'paid', publishdate: '2026-11-23',
      // docs/product.md#structured-authors: the list the typed text stands for.
      authors: JSON.stringify([
        { given: 'A.', family: 'Sharma', affiliations: [], orcid: '', corresponding: false, email: '' },
        { given: 'B.', family: 'Rao', affiliations: [], orcid: '', corresponding: false, email: '' },
      ]),
    });
    const file = form.get('pdfFile') as File;
    expect(file.name).toBe('article.pdf');
    expect(file.size).toBe(pdf().size);
  });

  test('edit needs no file and no email, and keeps the first-page rule for add only', async () => {
    const s = setup({ mode: 'edit', lastPage: undefined, initial: { ...filled, refnumber: '1042', authorname: 'A. Sharma', pagenumber: '3-8', txnid: 'TX1' } });
    await s.submit();
    expect(s.onSubmit).toHaveBeenCalledTimes(1);
    expect(s.onSubmit.mock.calls[0]![0].get('pdfFile')).toBeNull();
  });

  test('a file over 5 MB or not a PDF is refused when picked', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const s = setup();
    const picker = s.view.container.querySelector<HTMLInputElement>('#article-file')!;
    await s.user.upload(picker, new File([new Uint8Array(5_242_881)], 'big.pdf', { type: 'application/pdf' }));
    expect(alert).toHaveBeenLastCalledWith('File size exceeds the limit of 5 MB');
    await s.user.upload(picker, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(alert).toHaveBeenLastCalledWith('Only PDF files are allowed');
    await s.submit();
    expect(s.field('file').classList.contains('invalid')).toBe(true);
    alert.mockRestore();
  });

  test('submit is disabled while a save is under way', () => {
    setup({ busy: true });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Saving…' }).disabled).toBe(true);
  });
});

describe('article form: the author list (docs/product.md#structured-authors)', () => {
  const stored: AuthorDraft[] = [
    { given: 'Asha', family: 'Rao', affiliations: [{ name: 'Indian Institute of Science', ror: 'https://ror.org/04dese585' }], orcid: '0000-0002-1825-0097', corresponding: true, email: 'asha@example.org' },
    { given: 'Vikram', family: 'Singh', affiliations: [], orcid: '', corresponding: false, email: '' },
    { given: '', family: 'Li', affiliations: [], orcid: '', corresponding: false, email: '', review: true },
  ];
  const editInitial = { ...filled, refnumber: '1042', authorname: 'Dr. Asha Rao, Vikram Singh, Li', pagenumber: '3-8', txnid: 'TX1', license: '', references: 'Rao A. Soil. 2020.' };
  const sent = (s: Setup) => JSON.parse(String(s.onSubmit.mock.calls.at(-1)![0].get('authors'))) as AuthorDraft[];
  const row = (n: number) => screen.getByRole('listitem', { name: `Author ${n}` });
  const inRow = (n: number, label: string) => within(row(n)).getByLabelText(label);

  test('the stored list goes back as it came (the review flag cleared), with the typed text kept', async () => {
    const s = setup({ mode: 'edit', lastPage: undefined, initial: editInitial, initialAuthors: stored });
    expect(within(row(3)).getByText('Check this name: it was split from the author text.')).toBeTruthy();
    await s.submit();
    expect(sent(s)).toEqual(stored.map(({ review: _r, ...a }) => a));
    const form = s.onSubmit.mock.calls[0]![0];
    expect([form.get('authorname'), form.get('license'), form.get('references')]).toEqual(['Dr. Asha Rao, Vikram Singh, Li', '', 'Rao A. Soil. 2020.']);
  });

  test('authors are added, moved and removed, and the author text follows', async () => {
    const s = setup({ mode: 'edit', lastPage: undefined, initial: editInitial, initialAuthors: stored });
    await s.user.click(screen.getByRole('button', { name: 'Move author 2 up' }));
    expect((s.input('authorname') as HTMLInputElement).value).toBe('Vikram Singh, Asha Rao, Li');
    await s.user.click(screen.getByRole('button', { name: 'Remove author 3' }));
    await s.user.click(screen.getByRole('button', { name: 'Add author' }));
    await s.user.type(inRow(3, 'Given names'), 'Mira');
    await s.user.type(inRow(3, 'Family name'), 'Das');
    await s.user.type(inRow(3, 'ORCID iD'), 'https://orcid.org/0000-0002-1694-233X');
    await s.user.click(within(row(3)).getByRole('button', { name: 'Add affiliation' }));
    await s.user.type(inRow(3, 'Affiliation'), 'Field Station');
    expect((s.input('authorname') as HTMLInputElement).value).toBe('Vikram Singh, Asha Rao, Mira Das');
    await s.submit();
    expect(sent(s).map((a) => [a.given, a.family, a.orcid, a.affiliations.map((f) => f.name)])).toEqual([
      ['Vikram', 'Singh', '', []],
      ['Asha', 'Rao', '0000-0002-1825-0097', ['Indian Institute of Science']],
      ['Mira', 'Das', 'https://orcid.org/0000-0002-1694-233X', ['Field Station']],
    ]);
    expect(s.onSubmit.mock.calls[0]![0].get('authorname')).toBe('Vikram Singh, Asha Rao, Mira Das');
  });

  test('typing the author text keeps what was entered for the same names', async () => {
    const s = setup({ mode: 'edit', lastPage: undefined, initial: editInitial, initialAuthors: stored });
    await s.user.clear(s.input('authorname'));
    await enter(s, 'authorname', 'Li, Asha Rao');
    await s.submit();
    expect(sent(s).map((a) => [a.family, a.orcid])).toEqual([['Li', ''], ['Rao', '0000-0002-1825-0097']]);
  });

  test.each([
    ['ORCID iD', '0000-0002-1825-0098', 'ORCID iD has a wrong check digit'],
    ['ORCID iD', '0000 0002 1825 0097', 'ORCID iD must look like 0000-0000-0000-000X (or https://orcid.org/0000-0000-0000-000X)'],
    ['ROR id', 'https://ror.org/04dese586', 'ROR id must look like https://ror.org/0abcde123'],
    ['Family name', '', 'Family name is required'],
  ])('%s %s is refused with its message and nothing is sent', async (label, value, message) => {
    const s = setup({ mode: 'edit', lastPage: undefined, initial: editInitial, initialAuthors: stored });
    const input = inRow(1, label);
    await s.user.clear(input);
    if (value) await s.user.type(input, value);
    await s.submit();
    expect(s.onSubmit).not.toHaveBeenCalled();
    expect(within(row(1)).getByRole('alert').textContent).toBe(message);
  });
});
