/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorForm, type EditorValues } from './editor-form';

// The rules and their texts: docs/product.md#editor-rules (the shared editor schema).
const EMPTY: EditorValues = { name: '', category: '', post: '', content: '', degree: '', email: '', phone: '', country: '', editor_website: '' };

function setup(props: Partial<Parameters<typeof EditorForm>[0]> = {}) {
  const onSubmit = jest.fn<void, [FormData]>();
  const user = userEvent.setup({ applyAccept: false });
  const view = render(<EditorForm editing={false} initial={EMPTY} busy={false} onSubmit={onSubmit} {...props} />);
  const control = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  const errorOf = (label: string) => control(label).closest('.field')!.querySelector('.field-error')?.textContent ?? null;
  const fill = async (label: string, value: string) => {
    await user.click(control(label));
    await user.paste(value);
  };
  const valid = async () => {
    await fill('Name', 'Dr. Meera Iyer');
    await user.selectOptions(control('Category'), 'associate editor');
    await user.selectOptions(control('Designation'), 'Professor');
    await fill('Affiliation', 'Institute of Soil Science, Pune');
  };
  return { onSubmit, user, view, control, errorOf, fill, valid, submit: () => user.click(screen.getByRole('button', { name: 'Submit' })) };
}

describe('editor form', () => {
  test('name, category, designation and affiliation are required, each with its message', async () => {
    const s = setup();
    await s.submit();
    expect(s.onSubmit).not.toHaveBeenCalled();
    expect(s.errorOf('Name')).toBe('Name is required');
    expect(s.errorOf('Category')).toBe('Category is required');
    expect(s.errorOf('Designation')).toBe('Designation is required');
    expect(s.errorOf('Affiliation')).toBe('Affiliation is required');
    expect(s.errorOf('Degree')).toBeNull();
    expect(s.control('Name').closest('.field')!.classList.contains('invalid')).toBe(true);
  });

  test('a name of spaces is no name', async () => {
    const s = setup();
    await s.valid();
    await s.user.clear(s.control('Name'));
    await s.fill('Name', '   ');
    await s.submit();
    expect(s.onSubmit).not.toHaveBeenCalled();
    expect(s.errorOf('Name')).toBe('Name is required');
  });

  test('categories and designations are exactly the product lists', () => {
    const s = setup();
    const options = (label: string) => [...(s.control('Category').ownerDocument.querySelectorAll(`#${s.control(label).id} option`))].map((o) => o.textContent);
    expect(options('Category')).toEqual(['Select', 'chief editor', 'associate editor', 'assistant editor']);
    expect(options('Designation')).toEqual(['Select', 'Professor', 'Associate Professor', 'Assistant Professor', 'Scientist', 'Head', 'Lecturer']);
  });

  test('a website must be an http(s) address or a bare host, never text or another scheme', async () => {
    const s = setup();
    await s.valid();
    await s.fill('Website', 'javascript:alert(1)');
    await s.submit();
    expect(s.onSubmit).not.toHaveBeenCalled();
    expect(s.errorOf('Website')).toBe('Website must be a web address such as https://example.org');
    await s.user.clear(s.control('Website'));
    await s.fill('Website', 'not a url!');
    await s.submit();
    expect(s.onSubmit).not.toHaveBeenCalled();
    expect(s.errorOf('Website')).toBe('Website must be a web address such as https://example.org');
    await s.user.clear(s.control('Website'));
    await s.fill('Website', 'soil.example.org/iyer');
    await s.submit();
    expect(s.onSubmit).toHaveBeenCalledTimes(1);
    expect(s.errorOf('Website')).toBeNull();
  });

  test('a valid form sends every field trimmed and the picture as imgFile under a safe name', async () => {
    const s = setup();
    await s.valid();
    await s.fill('Email', '  meera@example.org ');
    await s.user.upload(s.control('Picture') as HTMLInputElement, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'my photo (1).png', { type: 'image/png' }));
    await s.submit();
    expect(s.onSubmit).toHaveBeenCalledTimes(1);
    const form = s.onSubmit.mock.calls[0]![0];
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'imgFile'))).toEqual({
      name: 'Dr. Meera Iyer', category: 'associate editor', post: 'Professor', content: 'Institute of Soil Science, Pune',
      degree: '', email: 'meera@example.org', phone: '', country: '', editor_website: '',
    });
    expect((form.get('imgFile') as File).name).toBe('my_photo_1_.png');
  });

  test('a picture over 5 MB or not an image is refused when picked, and not sent', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const s = setup();
    const picker = s.control('Picture') as HTMLInputElement;
    await s.user.upload(picker, new File([new Uint8Array(5_242_881)], 'big.png', { type: 'image/png' }));
    expect(alert).toHaveBeenLastCalledWith('File size exceeds the limit of 5 MB');
    await s.user.upload(picker, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(alert).toHaveBeenLastCalledWith('Only images are allowed');
    await s.valid();
    await s.submit();
    expect(s.onSubmit.mock.calls[0]![0].get('imgFile')).toBeNull();
    alert.mockRestore();
  });

  test('editing starts from the stored values; submit is disabled while a save is under way', () => {
    const s = setup({ editing: true, busy: true, initial: { ...EMPTY, name: 'Dr. Meera Iyer', category: 'chief editor', post: 'Head' } });
    expect(s.control('Name').value).toBe('Dr. Meera Iyer');
    expect(s.control('Category').value).toBe('chief editor');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Saving…' }).disabled).toBe(true);
  });
});
