import { assertSafeRichTextLinks, sanitizeRichText, unsafeRichTextLink } from '../src';

describe('links in rich text (docs/security.md#links)', () => {
  it.each([
    ['<a href="javascript:alert(1)">x</a>', 'javascript:alert(1)'],
    ['<p><a href="jav&#x61;script:alert(1)">encoded</a></p>', 'javascript:alert(1)'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">d</a>', 'data:text/html;base64,PHNjcmlwdD4='],
    ['<img src="data:image/svg+xml,x">', 'data:image/svg+xml,x'],
    ['<a href="tel:+911234">call</a>', 'tel:+911234'],
  ])('finds the unsafe link in %s', (html, found) => {
    expect(unsafeRichTextLink(html)).toBe(found);
    expect(() => assertSafeRichTextLinks('home_content', 'Home content', html)).toThrow(/Home content: links must be http:\/\/, https:\/\/ or mailto: addresses/);
  });

  it('lets http:, https:, mailto: and links within the site through, and strips any other href it is given', () => {
    const ok = '<p><a href="https://x.org">a</a> <a href="mailto:e@x.org">b</a> <a href="/about">c</a></p>';
    expect(unsafeRichTextLink(ok)).toBeNull();
    expect(() => assertSafeRichTextLinks('home_content', 'Home content', ok)).not.toThrow();
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).not.toContain('javascript');
    expect(sanitizeRichText('<a href="tel:123">x</a>')).not.toContain('tel:');
  });
});
