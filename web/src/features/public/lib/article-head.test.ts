import type { Article, Settings } from '../api/public.api';
import { articleHead } from './article-head';

const answer = (title: string) =>
  ({ refnumber: '1001', title, authorname: 'Asha Rao', abstract: '<p>An abstract.</p>', year: 2026, volume: 7, issue: 2, keywords: '', pagenumber: '' }) as unknown as Article;
const settings = { websitename: 'Demo Journal', issn: '1111-2222' } as unknown as Settings;

describe('an article page head', () => {
  it('is made once per article answer, settings answer and origin, and anew for a new answer', () => {
    const a = answer('First title');
    const head = articleHead(a, settings, 'http://localhost:8080');
    // Pages of the same answers (the render process reuses them until a write) get the same head.
    expect(articleHead(a, settings, 'http://localhost:8080')).toBe(head);
    expect(head.meta).toContainEqual(['citation_title', 'First title']);
    // Another origin, other settings or the answer after a write: made from those.
    const elsewhere = articleHead(a, settings, 'https://journal.example');
    expect(elsewhere).not.toBe(head);
    expect(elsewhere.meta).toContainEqual(['citation_abstract_html_url', 'https://journal.example/archives/2026/vol7/issue2/1001']);
    expect(articleHead(a, undefined, 'http://localhost:8080').meta).not.toContainEqual(['citation_journal_title', 'Demo Journal']);
    const written = articleHead(answer('Second title'), settings, 'http://localhost:8080');
    expect(written.meta).toContainEqual(['citation_title', 'Second title']);
  });
});
