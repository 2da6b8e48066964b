import type { YearSummary } from '../api/public-types';

/** A year's issues in reading order (the year's first issue first), from the detailed list or the count. */
export function yearIssues(y: YearSummary): { volume: number; issue: number; month?: string }[] {
  if (y.issues?.length) {
    return [...y.issues]
      .map((it) => ({ volume: Number(it.volume), issue: Number(it.issue), month: it.month || y.issue_month?.[String(it.issue)] }))
      .sort((a, b) => a.volume - b.volume || a.issue - b.issue);
  }
  return Array.from({ length: Math.max(0, y.total_issues) }, (_, i) => ({ volume: y.volume, issue: i + 1, month: y.issue_month?.[String(i + 1)] }));
}

/** The newest issue of the archive, or null when nothing is published. */
export function latestIssue(years: YearSummary[]) {
  const year = years.find((y) => y.total_issues > 0 || y.issues?.length);
  const latest = year ? yearIssues(year).at(-1) : undefined;
  return year && latest ? { year: year.year, ...latest } : null;
}
