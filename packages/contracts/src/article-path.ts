/**
 * The unversioned public path of an article's PDF, which is also its storage key
 * (docs/product.md#files). The one place this path is built; the file name is URL-encoded, a
 * no-op for the `{refnumber}.pdf` names articles get.
 */
export const articlePdfPath = (a: { year: number | string; volume: number | string; issue: number | string; file: string }) =>
  `/assets/archives/${a.year}/vol${a.volume}issue${a.issue}/${encodeURIComponent(a.file)}`;

type IssueKey = { year: number | string; volume: number | string; issue: number | string };

/** The public page of an issue (docs/product.md#public-routes). The one place this path is built. */
export const issuePagePath = (a: IssueKey) => `/archives/${a.year}/vol${a.volume}/issue${a.issue}`;

/** The public page of an article, its reference number URL-encoded (a no-op for valid ones). */
export const articlePagePath = (a: IssueKey & { refnumber: number | string }) => `${issuePagePath(a)}/${encodeURIComponent(String(a.refnumber))}`;
