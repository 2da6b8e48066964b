import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '@journal/contracts';
import { pickedFile } from './picked-file';

const alerts: string[] = [];
beforeAll(() => {
  (globalThis as { window?: unknown }).window = { alert: (m: string) => alerts.push(m) };
});
afterAll(() => {
  delete (globalThis as { window?: unknown }).window;
});
beforeEach(() => {
  alerts.length = 0;
});

const input = (file?: File) => ({ files: file ? [file] : [], value: file ? `C:\\fakepath\\${file.name}` : '' }) as unknown as HTMLInputElement;
const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('pickedFile', () => {
  it('keeps a PDF (by type or by name) and an image of the accepted kinds', () => {
    for (const f of [file('a.pdf', 'application/pdf'), file('a.PDF', '')]) expect(pickedFile(input(f), 'pdf')).toBe(f);
    for (const t of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      const f = file('a', t);
      expect(pickedFile(input(f), 'image')).toBe(f);
    }
    expect(alerts).toEqual([]);
  });

  it('refuses the wrong kind with its message and clears the input', () => {
    const i = input(file('a.docx', 'application/msword'));
    expect(pickedFile(i, 'pdf')).toBeNull();
    expect(i.value).toBe('');
    expect(pickedFile(input(file('a.svg', 'image/svg+xml')), 'image')).toBeNull();
    expect(alerts).toEqual(['Only PDF files are allowed', 'Only images are allowed']);
  });

  it('refuses a file over the upload limit before looking at its kind', () => {
    expect(pickedFile(input(file('a.pdf', 'application/pdf', MAX_UPLOAD_BYTES + 1)), 'pdf')).toBeNull();
    expect(alerts).toEqual([FILE_TOO_LARGE_MESSAGE]);
  });

  it('is null without an alert when no file was picked', () => {
    expect(pickedFile(input(), 'image')).toBeNull();
    expect(alerts).toEqual([]);
  });
});
