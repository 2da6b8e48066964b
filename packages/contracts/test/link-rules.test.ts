import { flagsUpdateSchema, indexingInputSchema, isSafeHref, isSafeImageUrl, isSafeLink, safeImageUrlOrEmpty, safeLinkOrEmpty, settingsUpdateSchema } from '../src';
import { editorSchema } from '../src/editor.schema';

const BAD = ['javascript:alert(1)', 'JavaScript:alert(1)', ' java\tscript:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=', 'vbscript:x', 'ftp://files.example.org/x', '//evil.example/x'];

describe('links (docs/security.md#links)', () => {
  it('a stored link is an absolute http:, https: or mailto: address, or empty', () => {
    for (const ok of ['', 'https://example.org/a?b=c', 'http://example.org', 'mailto:editor@example.org']) expect([ok, isSafeLink(ok)]).toEqual([ok, true]);
    for (const bad of [...BAD, 'example.org', 'mailto:', 'https://', 'https://exa mple.org']) expect([bad, isSafeLink(bad)]).toEqual([bad, false]);
  });

  it('a rich-text href may also be an address within the site', () => {
    for (const ok of ['/about', '#top', 'https://x.org', 'mailto:a@b.org']) expect([ok, isSafeHref(ok)]).toEqual([ok, true]);
    for (const bad of BAD.filter((b) => !b.startsWith('ftp'))) expect([bad, isSafeHref(bad)]).toEqual([bad, false]);
  });

  it('an image is an uploaded asset or an https: address', () => {
    for (const ok of ['', 'cover.png', '/assets/site/cover.png', 'https://cdn.example.org/c.jpg']) expect([ok, isSafeImageUrl(ok)]).toEqual([ok, true]);
    for (const bad of [...BAD, 'http://cdn.example.org/c.jpg', '/assets/../secret', '/etc/passwd', '/assets//evil.example/x']) expect([bad, isSafeImageUrl(bad)]).toEqual([bad, false]);
    // Checked decoded: escapes a browser (or a server in between) turns into '..', '/' or '\\'.
    for (const bad of ['/assets/%2e%2e/api/users', '/assets/%2E%2e/%2e%2e/x.png', '/assets/.%2e/x.png', '/assets/%252e%252e/x.png', '/assets/%2f%2fevil.example/x.png', '/assets/site%5c..%5cx.png', '/assets/%zz.png', '/assets/%00.png']) {
      expect([bad, isSafeImageUrl(bad)]).toEqual([bad, false]);
    }
    expect(isSafeImageUrl('/assets/site/my%20cover.png')).toBe(true);
  });

  it('the forms and the server refuse bad links and images with a clear message', () => {
    const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
    expect(msg(settingsUpdateSchema.safeParse({ google_review_link: 'javascript:alert(1)' }))).toBe('The review link must be an http://, https:// or mailto: address');
    expect(msg(flagsUpdateSchema.safeParse({ ownerLink: 'data:text/html,x' }))).toBe('The owner link must be an http://, https:// or mailto: address');
    expect(msg(flagsUpdateSchema.safeParse({ journalListLink: 'javascript:x' }))).toBe('The journal list link must be an http://, https:// or mailto: address');
    expect(msg(flagsUpdateSchema.safeParse({ coverImage: 'http://x.org/c.png' }))).toBe('The cover image must be an uploaded image (/assets/... or a file name) or an https:// address');
    expect(msg(indexingInputSchema.safeParse({ title: 'T', link: 'javascript:x' }))).toBe('Link must be an http://, https:// or mailto: address');
    expect(editorSchema.safeParse({ name: 'N', category: 'chief editor', post: 'Professor', content: 'C', editor_website: 'data:x' }).success).toBe(false);
    expect(editorSchema.safeParse({ name: 'N', category: 'chief editor', post: 'Professor', content: 'C', editor_website: 'soil.example.org/iyer' }).success).toBe(true);
    expect(flagsUpdateSchema.safeParse({ ownerLink: 'mailto:owner@example.org', coverImage: '/assets/site/cover.png' }).success).toBe(true);
  });

  it('a stored value that breaks the rules is answered empty', () => {
    expect(safeLinkOrEmpty('javascript:alert(1)')).toBe('');
    expect(safeLinkOrEmpty('https://x.org')).toBe('https://x.org');
    expect(safeImageUrlOrEmpty('data:image/png;base64,xx')).toBe('');
    expect(safeImageUrlOrEmpty(undefined)).toBe('');
  });
});
