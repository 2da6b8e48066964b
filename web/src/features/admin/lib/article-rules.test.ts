import { articleMessages, type ArticleValues } from './article-rules';

const values = (over: Partial<ArticleValues> = {}): ArticleValues => ({
  year: '2026', volume: '1', issue: '2', frequency: '', refnumber: '12', title: 'T', authorname: 'Asha Rao', abstract: 'A',
  keywords: '', pagenumber: '7-9', subject: '', country: '', email: 'a@b.c', mobile: '', txnid: 'T1', ptype: 'paid',
  publishdate: '2026-01-01', ...over,
});

describe('the article form rules (docs/product.md#article-rules)', () => {
  test('valid values give no messages', () => {
    expect(articleMessages('add', values(), 6)).toEqual({});
    expect(articleMessages('edit', values({ pagenumber: '1-2' }), undefined)).toEqual({});
  });
  test('the article rule messages, letter for letter', () => {
    expect(articleMessages('add', values({ authorname: Array.from({ length: 51 }, () => 'Rao').join(' ') }), 0).authorname).toBe(
      'Author name should not exceed 50 words',
    );
    expect(articleMessages('add', values({ authorname: 'R2' }), 0).authorname).toBe('Author name must contain only alphabets, spaces, commas, and periods');
    // The form takes the server's rule: real names with hyphens, apostrophes and diacritics pass.
    for (const name of ["Jean-Luc Picard, Seán O'Brien", 'Nuñez, Zoë', 'अनिल कुमार शर्मा'])
      expect(articleMessages('add', values({ authorname: name }), 0).authorname).toBeUndefined();
    expect(articleMessages('add', values({ authorname: 'Jean-Luc Picard 3rd' }), 0).authorname).toBe('Author name must contain only alphabets, spaces, commas, and periods');
    expect(articleMessages('add', values({ refnumber: '1a' }), 0).refnumber).toBe('Ref number must be a valid number');
    // The title's 100 words are the service's rule too; markup is not a word.
    const words = (n: number) => Array.from({ length: n }, () => 'rice').join(' ');
    expect(articleMessages('add', values({ title: words(101) }), 0).title).toBe('Title should not exceed 100 words');
    expect(articleMessages('edit', values({ title: `<p><i>${words(100)}</i></p>` }), undefined).title).toBeUndefined();
    expect(articleMessages('edit', values({ refnumber: '1a' }), undefined).refnumber).toBeUndefined();
    expect(articleMessages('add', values({ pagenumber: 'a-b' }), 0).pagenumber).toBe('Page number format must be like 1-6');
    expect(articleMessages('add', values({ pagenumber: '5-9' }), 6).pagenumber).toBe(
      'The the first value of the page range should be one more than the last one. The last page was 6',
    );
    expect(articleMessages('edit', values({ pagenumber: '5-9' }), undefined).pagenumber).toBeUndefined();
    expect(articleMessages('edit', values({ pagenumber: '7-3' }), undefined).pagenumber).toBe('Invalid page number');
  });
  test('empty fields are left to the red required marking', () => {
    expect(articleMessages('add', values({ authorname: '', pagenumber: '', refnumber: '' }), 0)).toEqual({});
  });
});
