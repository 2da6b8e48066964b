/**
 * The unversioned public path of an article's PDF, which is also its storage key
 * (docs/product.md#files). The one place this path is built; the file name is URL-encoded, a
 * no-op for the `{refnumber}.pdf` names articles get.
 */
export const articlePdfPath = (a: { year: number | string; volume: number | string; issue: number | string; file: string }) =>
  `/assets/archives/${a.year}/vol${a.volume}issue${a.issue}/${encodeURIComponent(a.file)}`;
