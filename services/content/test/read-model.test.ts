import { JournalView } from '../src/cache/read-model';
import type { Article } from '../src/archives/article.repo';

const art = (n: number, over: Partial<Article> = {}): Article =>
  ({
    id: n.toString(16).padStart(24, '0'), year: 2020 + (n % 3), volume: 1 + (n % 3), issue: 1 + (n % 4), frequency: '', refnumber: String(1000 + n),
    title: `Title ${n}`, authorname: 'A', abstract: '', keywords: '', pagenumber: `${(n * 7) % 50}-${(n * 7) % 50 + 2}`, pageStart: (n * 7) % 50,
    pageEnd: (n * 7) % 50 + 2, subject: '', country: '', email: '', mobile: '', txnid: `T${n}`, ptype: 'paid', publishdate: '', description: '',
    file: `${1000 + n}.pdf`, status: 'enabled', createdby: '', creation: new Date(0), modifiedby: '', modification: new Date(n * 1000), ...over,
  }) as Article;

describe('JournalView', () => {
  test('a corpus patched article by article equals one derived from scratch', () => {
    const base = Array.from({ length: 200 }, (_, i) => art(i));
    const v = JournalView.build({ journal: null, editors: [], indexing: [], issues: [], articles: base });
    v.corpus();
    // Edits that move articles, disable some, add new ones.
    for (let k = 0; k < 300; k++) {
      const n = (k * 37) % 260;
      const a = art(n, { pageStart: (k * 13) % 90, title: `Edited ${k}`, status: k % 7 === 0 ? 'disabled' : 'enabled' });
      v.setArticle(a.id, a);
      v.touch();
      const patched = v.corpus();
      const fresh = JournalView.build({ journal: null, editors: [], indexing: [], issues: [], articles: [...v.articles.values()].map((e) => (e as unknown as { source: Article }).source) }).corpus();
      expect(patched.articles.map((x) => x.refnumber)).toEqual(fresh.articles.map((x) => x.refnumber));
      expect(patched.hay).toEqual(fresh.hay);
      expect([...patched.byRef]).toEqual([...fresh.byRef]);
    }
  });
});
