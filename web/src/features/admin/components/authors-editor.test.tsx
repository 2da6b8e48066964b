/**
 * @jest-environment jsdom
 */
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FAMILY_REQUIRED_MESSAGE, ORCID_FORM_MESSAGE, ROR_MESSAGE } from '@journal/contracts';
import { authorMessages, emptyAuthor, type AuthorDraft } from '../lib/author-list';
import { AuthorsEditor } from './authors-editor';

// docs/product.md#structured-authors: the editor is controlled; this holder keeps the list and
// checks it with the shared author rules on every change, as the article form does once submitted.
let latest: AuthorDraft[] = [];
function Holder({ initial }: { initial: AuthorDraft[] }) {
  const [authors, setAuthors] = useState(initial);
  latest = authors;
  return <AuthorsEditor authors={authors} messages={authorMessages(authors)} onChange={setAuthors} />;
}

const author = (given: string, family: string, extra: Partial<AuthorDraft> = {}): AuthorDraft => ({ ...emptyAuthor(), given, family, ...extra });

function show(initial: AuthorDraft[]) {
  const user = userEvent.setup();
  render(<Holder initial={initial} />);
  const row = (n: number) => screen.getByRole('listitem', { name: `Author ${n}` });
  const type = async (n: number, label: string, text: string) => {
    const input = within(row(n)).getByLabelText(label);
    await user.clear(input);
    await user.click(input);
    await user.paste(text);
  };
  return { user, row, type, names: () => latest.map((a) => `${a.given} ${a.family}`) };
}

describe('authors editor', () => {
  test('lists the authors in order with their fields, and adds an empty one at the end', async () => {
    const s = show([author('Asha', 'Rao', { orcid: '0000-0002-1825-0097', email: 'asha@example.org', corresponding: true })]);
    expect(screen.getByRole('group', { name: 'Authors' })).toBeTruthy();
    const first = within(s.row(1));
    expect((first.getByLabelText('Given names') as HTMLInputElement).value).toBe('Asha');
    expect((first.getByLabelText('Family name') as HTMLInputElement).value).toBe('Rao');
    expect((first.getByLabelText('ORCID iD') as HTMLInputElement).placeholder).toBe('0000-0000-0000-000X');
    expect((first.getByLabelText('E-mail (not public)') as HTMLInputElement).type).toBe('email');
    expect((first.getByLabelText('Corresponding author') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();

    await s.user.click(screen.getByRole('button', { name: 'Add author' }));
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Author 1', 'Author 2']);
    expect((within(s.row(2)).getByLabelText('Family name') as HTMLInputElement).value).toBe('');
    // The new author has no family name yet: the shared rule says so under the input.
    expect(within(s.row(2)).getByRole('alert').textContent).toBe(FAMILY_REQUIRED_MESSAGE);
    expect(within(s.row(2)).getByLabelText('Family name').closest('label')?.className).toBe('field invalid');
    // The input keeps its name and is described by the message.
    const family = within(s.row(2)).getByRole('textbox', { name: 'Family name', description: FAMILY_REQUIRED_MESSAGE });
    expect(family.getAttribute('aria-invalid')).toBe('true');
  });

  test('moves authors up and down, the ends cannot move further', async () => {
    const s = show([author('Asha', 'Rao'), author('Vikram', 'Sen'), author('Meera', 'Iyer')]);
    expect((screen.getByRole('button', { name: 'Move author 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move author 3 down' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move author 2 up' }) as HTMLButtonElement).disabled).toBe(false);

    await s.user.click(screen.getByRole('button', { name: 'Move author 3 up' }));
    expect(s.names()).toEqual(['Asha Rao', 'Meera Iyer', 'Vikram Sen']);
    expect((within(s.row(2)).getByLabelText('Family name') as HTMLInputElement).value).toBe('Iyer');

    await s.user.click(screen.getByRole('button', { name: 'Move author 1 down' }));
    expect(s.names()).toEqual(['Meera Iyer', 'Asha Rao', 'Vikram Sen']);
  });

  test('removes an author, and what was entered for the others stays', async () => {
    const s = show([author('Asha', 'Rao'), author('Vikram', 'Sen', { orcid: '0000-0002-1825-0097' })]);
    await s.user.click(screen.getByRole('button', { name: 'Remove author 1' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(s.names()).toEqual(['Vikram Sen']);
    expect((within(s.row(1)).getByLabelText('ORCID iD') as HTMLInputElement).value).toBe('0000-0002-1825-0097');
  });

  test('says when an ORCID iD has the wrong form or a wrong check digit, and nothing once it is right', async () => {
    const s = show([author('Asha', 'Rao')]);
    await s.type(1, 'ORCID iD', '0000-0002-1825');
    expect(within(s.row(1)).getByRole('alert').textContent).toBe(ORCID_FORM_MESSAGE);
    await s.type(1, 'ORCID iD', '0000-0002-1825-0098');
    expect(within(s.row(1)).getByRole('alert').textContent).toBe('ORCID iD has a wrong check digit');
    // The orcid.org address of a right iD is taken as the iD.
    await s.type(1, 'ORCID iD', 'https://orcid.org/0000-0002-1825-0097');
    expect(within(s.row(1)).queryByRole('alert')).toBeNull();
    expect(latest[0]!.orcid).toBe('https://orcid.org/0000-0002-1825-0097');
  });

  test('adds, checks and removes affiliations', async () => {
    const s = show([author('Asha', 'Rao')]);
    await s.user.click(within(s.row(1)).getByRole('button', { name: 'Add affiliation' }));
    const aff = () => screen.getByLabelText('Affiliation 1 of author 1');
    expect((within(aff()).getByLabelText('ROR id') as HTMLInputElement).placeholder).toBe('https://ror.org/0abcde123');
    expect(within(aff()).getByRole('alert').textContent).toBe('Affiliation name is required');

    await s.user.click(within(aff()).getByLabelText('Affiliation'));
    await s.user.paste('University of Pune');
    await s.user.click(within(aff()).getByLabelText('ROR id'));
    await s.user.paste('not a ror');
    expect(within(aff()).getByRole('alert').textContent).toBe(ROR_MESSAGE);
    expect(latest[0]!.affiliations).toEqual([{ name: 'University of Pune', ror: 'not a ror' }]);

    await s.user.click(within(aff()).getByRole('button', { name: 'Remove affiliation' }));
    expect(screen.queryByLabelText('Affiliation 1 of author 1')).toBeNull();
    expect(latest[0]!.affiliations).toEqual([]);
  });

  test('asks to check a name split from the author text until it is edited', async () => {
    const s = show([author('Asha', 'Rao Sen', { review: true })]);
    expect(screen.getByText('Check this name: it was split from the author text.')).toBeTruthy();
    await s.type(1, 'Family name', 'Sen');
    expect(screen.queryByText('Check this name: it was split from the author text.')).toBeNull();
    expect(latest[0]!.review).toBeUndefined();
  });
});
