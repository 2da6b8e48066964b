import { requestTarget } from '../src/request-target';
import { isSubmissionUploadRoute, isUploadRoute, sideOf, upstreamFor } from '../src/routes';

describe("content's staff side", () => {
  it('takes every write and every admin read; readers\' reads and pages stay where they are', () => {
    const side = (method: string, path: string) => sideOf(upstreamFor(path)!, method, path);
    expect(side('POST', '/api/archives/65a1b2c3d4e5f6a7b8c9d0e1')).toBe('content-staff');
    expect(side('POST', '/api/settings')).toBe('content-staff');
    expect(side('POST', '/api/admin/create-issue')).toBe('content-staff');
    expect(side('DELETE', '/api/admin/indexing/65a1b2c3d4e5f6a7b8c9d0e1')).toBe('content-staff');
    expect(side('POST', '/api/submissions')).toBe('content-staff');
    expect(side('GET', '/api/admin/edge-status')).toBe('content-staff');
    expect(side('GET', '/api/admin')).toBe('content-staff');
    expect(side('GET', '/api/settings/')).toBe('content');
    expect(side('HEAD', '/api/archives/2024/1/1')).toBe('content');
    expect(side('GET', '/api/search')).toBe('content');
    expect(side('GET', '/sitemap.xml')).toBe('content');
    // Other services' writes are theirs.
    expect(side('POST', '/auth/login')).toBe('auth');
    expect(side('POST', '/api/webdata')).toBe('worklog');
    expect(side('POST', '/archives/2024')).toBe('render');
  });
});

describe('which upstream owns a path', () => {
  it('sends API, auth, asset and feed-like service paths to their services', () => {
    expect(upstreamFor('/api/settings/')).toBe('content');
    expect(upstreamFor('/api/pdf/coverpage/1')).toBe('pdf');
    expect(upstreamFor('/auth/login')).toBe('auth');
    expect(upstreamFor('/assets/site/logo.png')).toBe('content');
    expect(upstreamFor('/sitemap.xml')).toBe('content');
    expect(upstreamFor('/oai')).toBe('content');
    expect(upstreamFor('/counter/r51/reports/tr_j1')).toBe('content');
    expect(upstreamFor('/counter/r51/status')).toBe('content');
    expect(upstreamFor('/counter')).toBe('render');
    expect(upstreamFor('/lockss')).toBe('content');
    expect(upstreamFor('/lockss/2024')).toBe('content');
    expect(upstreamFor('/clockss/2024')).toBe('content');
    expect(upstreamFor('/lockss/abc')).toBe('render');
  });

  it('sends every page of the public site, known or not, to the render process', () => {
    for (const p of ['/', '/board', '/archives', '/archives/2026/vol7/issue4/1019', '/search', '/pdf', '/no-such-page', '/apiary', '/assetsx']) {
      expect({ p, up: upstreamFor(p) }).toEqual({ p, up: 'render' });
    }
  });

  it('leaves unknown API and internal paths to nobody', () => {
    expect(upstreamFor('/api/nothing-here')).toBeUndefined();
    expect(upstreamFor('/internal/journals/resolve')).toBeUndefined();
    expect(upstreamFor('/assets/other/x')).toBeUndefined();
  });
});

describe('request targets', () => {
  it('gives the path and, for an absolute-form target, its normalised host', () => {
    expect(requestTarget('/a?b=1')).toEqual({ url: '/a?b=1' });
    expect(requestTarget('http://Chem.Localhost.:8080/a?b=1')).toEqual({ url: '/a?b=1', host: 'chem.localhost' });
    expect(requestTarget('http://[::1]/a')).toEqual({ url: '/a', host: '' });
    expect(requestTarget('ftp://x/a')).toBeNull();
    expect(requestTarget('*')).toBeNull();
  });
});

describe('upload routes (the larger body limit)', () => {
  it('are the multipart POSTs: articles, editors, site images and indexing partners by id', () => {
    for (const p of ['/api/admin/archives', '/api/archives/5042/', '/api/editors', '/api/editors/abc', '/api/settings/images/logo', '/api/admin/indexing', '/api/admin/indexing/0123456789abcdef01234567']) {
      expect([p, isUploadRoute('POST', p)]).toEqual([p, true]);
    }
    for (const p of ['/api/admin/indexing/xyz', '/api/settings', '/api/other']) expect([p, isUploadRoute('POST', p)]).toEqual([p, false]);
    expect(isUploadRoute('GET', '/api/editors')).toBe(false);
  });
});

describe('submission uploads (a 20 MB manuscript: docs/product.md#submissions)', () => {
  it('are the form, a revision or a receipt by status link, and staff publishing; submissions go to content', () => {
    const token = 'A'.repeat(43);
    for (const p of ['/api/submissions', `/api/submissions/status/${token}/revision`, `/api/submissions/status/${token}/receipt`, '/api/admin/submissions/0123456789abcdef01234567/publish']) {
      expect([p, isSubmissionUploadRoute('POST', p), upstreamFor(p)]).toEqual([p, true, 'content']);
    }
    for (const p of [`/api/submissions/status/${token}/withdraw`, '/api/submissions/resend', '/api/admin/submissions/0123456789abcdef01234567/decision']) {
      expect([p, isSubmissionUploadRoute('POST', p)]).toEqual([p, false]);
    }
    expect(isSubmissionUploadRoute('GET', '/api/submissions')).toBe(false);
    expect(upstreamFor('/submit')).toBe('render');
    expect(upstreamFor(`/submission/${token}`)).toBe('render');
  });

  it('take a review with its annotated file and the anonymised manuscript; review links go to content, the review page to render', () => {
    const token = 'B'.repeat(43);
    for (const p of [`/api/reviews/${token}/draft`, `/api/reviews/${token}/submit`, '/api/admin/submissions/0123456789abcdef01234567/review-manuscript']) {
      expect([p, isSubmissionUploadRoute('POST', p), upstreamFor(p)]).toEqual([p, true, 'content']);
    }
    for (const p of [`/api/reviews/${token}/accept`, `/api/reviews/${token}/decline`, '/api/admin/submissions/0123456789abcdef01234567/review-decision']) {
      expect([p, isSubmissionUploadRoute('POST', p)]).toEqual([p, false]);
    }
    expect(upstreamFor(`/api/reviews/${token}`)).toBe('content');
    expect(upstreamFor(`/review/${token}`)).toBe('render');
  });
});
