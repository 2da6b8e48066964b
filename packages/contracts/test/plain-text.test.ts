import { dropTags } from '../src/plain-text.js';
import { publishedFileUrl } from '../src/public-url.js';

describe('dropTags (docs/product.md#machine-readable-text)', () => {
  it('drops inline markup without a gap and puts one space at a block boundary', () => {
    expect(dropTags('<i>in vitro</i>; Núñez')).toBe('in vitro; Núñez');
    expect(dropTags('H<sub>2</sub>O, <b>bold</b>.')).toBe('H2O, bold.');
    expect(dropTags('<p>One.</p><p>Two</p>')).toBe(' One.  Two ');
    expect(dropTags('a<br/>b<BR>c<li>d</li>')).toBe('a b c d ');
    expect(dropTags('&lt;i&gt; stays')).toBe('&lt;i&gt; stays');
  });
});

describe('publishedFileUrl (docs/product.md#one-pdf-url)', () => {
  it('is the absolute bare URL, without the version the site links carry', () => {
    expect(publishedFileUrl('https://j.example', '/assets/archives/2026/vol7issue2/a b.pdf?v=abcdefabcdef')).toBe('https://j.example/assets/archives/2026/vol7issue2/a%20b.pdf');
    expect(publishedFileUrl('https://j.example', '/assets/x.pdf')).toBe('https://j.example/assets/x.pdf');
    expect(publishedFileUrl('https://j.example', null)).toBe('');
  });
});
