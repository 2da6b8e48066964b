import { editorSchema, issueCreateSchema, isWebsite, withdrawRequestSchema } from '../src/index.js';

// The schemas the admin forms and the server share: each refusal says what is wrong.
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('add issue (docs/product.md#issue-rules)', () => {
  const base = { volume: '3', issue: '1', year: 2026, frequency: 'January' };
  it.each([
    [{ volume: '-1' }, 'Volume must not be negative'],
    [{ volume: -1 }, 'Volume must not be negative'],
    [{ volume: '' }, 'Volume is required'],
    [{ volume: undefined }, 'Volume is required'],
    [{ volume: 'abc' }, 'Volume must be a number'],
    [{ volume: '1.5' }, 'Volume must be a whole number'],
    [{ volume: '1e3' }, 'Volume must be a number'],
    [{ volume: { $gt: 0 } }, 'Volume must be a number'],
    [{ volume: '99999999' }, 'Volume is too large'],
  ])('%j is refused with %p', (patch, message) => {
    expect(messages(issueCreateSchema.safeParse({ ...base, ...patch })).volume).toBe(message);
  });
  it('takes digits and numbers', () => {
    expect(issueCreateSchema.parse({ ...base, volume: ' 12 ', issue: 0 })).toMatchObject({ volume: 12, issue: 0 });
  });
  it('says a negative issue is negative, not missing', () => {
    expect(messages(issueCreateSchema.safeParse({ ...base, issue: '-2' })).issue).toBe('Issue must not be negative');
  });
});

describe("editor's website (docs/product.md#editor-rules)", () => {
  const editor = { name: 'Dr. Meera Iyer', category: 'chief editor', post: 'Professor', content: 'Pune' };
  it.each(['not a url!', 'javascript:alert(1)', 'ftp://example.org', 'example', 'http://', 'exa mple.org', 'https://example.org/<script>'])(
    '%p is refused with a clear message',
    (w) => {
      expect(isWebsite(w)).toBe(false);
      expect(messages(editorSchema.safeParse({ ...editor, editor_website: w })).editor_website).toBe('Website must be a web address such as https://example.org');
    },
  );
  it.each(['https://example.org', 'http://soil.example.org:8080/iyer?x=1#top', 'soil.example.org/iyer', 'www.विश्वविद्यालय.भारत', ''])('%p is taken', (w) => {
    expect(editorSchema.safeParse({ ...editor, editor_website: w }).success).toBe(true);
  });
});

describe('withdrawal (docs/product.md#withdrawals)', () => {
  it('needs a kind of the two and a reason', () => {
    expect(withdrawRequestSchema.parse({ kind: 'retracted', reason: ' Data fabricated ' })).toEqual({ kind: 'retracted', reason: 'Data fabricated' });
    expect(messages(withdrawRequestSchema.safeParse({ kind: 'gone', reason: 'x' })).kind).toBe("Kind must be 'withdrawn' or 'retracted'");
    expect(messages(withdrawRequestSchema.safeParse({ kind: 'withdrawn', reason: ' ' })).reason).toBe('Give the reason');
  });
});
