import { escapeHtml as esc } from '@journal/contracts';
import { pagePath } from '../seo/public-url';

/**
 * LOCKSS and CLOCKSS manifest pages (docs/product.md#preservation): one per year of a journal's
 * archive, each naming the year's issues (links the preservation crawler follows to the articles
 * and their PDFs) under the permission statements the two networks look for, word for word.
 * Pure: plain HTML, no script, readable by a crawler and a person alike.
 */

/** The statements the LOCKSS and CLOCKSS crawlers require on the manifest page, exactly. */
export const LOCKSS_PERMISSION = 'LOCKSS system has permission to collect, preserve, and serve this Archival Unit.';
export const CLOCKSS_PERMISSION = 'CLOCKSS system has permission to ingest, preserve, and serve this Archival Unit.';

/** A year of the archive as the manifests need it: its issues. */
export interface ManifestYear {
  year: number;
  issues: { volume: number; issue: number; month?: string }[];
}

export interface ManifestJournal {
  name: string;
  publisher: string;
  issn: string;
  eissn: string;
  /** The journal's public origin, e.g. https://journal.example.org */
  origin: string;
}

const page = (title: string, body: string) =>
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, follow">
<title>${esc(title)}</title>
</head>
<body>
${body}
</body>
</html>
`;

const ids = (j: ManifestJournal) =>
  [j.issn && `ISSN ${esc(j.issn)} (print)`, j.eissn && `ISSN ${esc(j.eissn)} (online)`].filter(Boolean).join(', ');

const statements = () =>
  `<p>${esc(LOCKSS_PERMISSION)}</p>
<p>${esc(CLOCKSS_PERMISSION)}</p>`;

/** The manifest of one year: the issues of that year, newest first, each linked to its page. */
export function yearManifest(j: ManifestJournal, years: ManifestYear[], year: number): string | null {
  const of = years.filter((y) => y.year === year);
  if (!of.length) return null;
  const issues = of.flatMap((y) => y.issues.map((i) => ({ ...i, year })));
  const items = issues
    .map((i) => `<li><a href="${esc(j.origin + pagePath.issue({ year, volume: i.volume, issue: i.issue }))}">Vol. ${i.volume}, Issue ${i.issue}${i.month ? ` (${esc(i.month)})` : ''}</a></li>`)
    .join('\n');
  return page(
    `${j.name}: ${year} — LOCKSS and CLOCKSS manifest`,
    `<h1>${esc(j.name)}</h1>
<p>${esc(j.publisher)}${ids(j) ? ` · ${ids(j)}` : ''}</p>
<h2>Archival Unit: ${year}</h2>
<ul>
${items}
</ul>
${statements()}
<p><a href="${esc(j.origin)}/lockss">All years</a> · <a href="${esc(j.origin)}/archives">Archives</a></p>`,
  );
}

/** The list of manifests: one link per year with published issues, newest first. */
export function manifestIndex(j: ManifestJournal, years: ManifestYear[]): string {
  const list = [...new Set(years.map((y) => y.year))].sort((a, b) => b - a);
  return page(
    `${j.name}: LOCKSS and CLOCKSS manifests`,
    `<h1>${esc(j.name)}</h1>
<p>Preservation manifests of the archive, one per year.</p>
<ul>
${list.map((y) => `<li><a href="${esc(j.origin)}/lockss/${y}">${y}</a></li>`).join('\n')}
</ul>
${statements()}`,
  );
}
