import { useState } from 'react';
import { Navigate, NavLink, Outlet } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { useDocumentTitle } from '@/components/use-document-title';
import { useArchiveYears, type YearSummary } from '../api/public.api';
import { useJournal } from '../components/use-journal';
import { issueLinkLabel } from '../lib/citation';

export const NO_ARTICLES = 'No published articles yet. Please come back later.';

/** A year's issues in reading order (issue 1 first), from the detailed list or the count. */
function yearIssues(y: YearSummary): { volume: number; issue: number; month?: string }[] {
  if (y.issues?.length) {
    return [...y.issues]
      .map((it) => ({ volume: Number(it.volume), issue: Number(it.issue), month: it.month || y.issue_month?.[String(it.issue)] }))
      .sort((a, b) => a.volume - b.volume || a.issue - b.issue);
  }
  return Array.from({ length: Math.max(0, y.total_issues) }, (_, i) => ({ volume: y.volume, issue: i + 1, month: y.issue_month?.[String(i + 1)] }));
}

function YearBox({ y, defaultOpen, onChoose }: { y: YearSummary; defaultOpen: boolean; onChoose: () => void }) {
  const [open, setOpen] = useState(defaultOpen);
  const listId = `year-${y.year}-${y.volume}`;
  const issues = yearIssues(y);
  return (
    <div className={`year-box${open ? ' open' : ''}`}>
      <h2 className="year-title">
        <button type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
          {y.year} ISSUES
          <span className="chevron" aria-hidden="true" />
        </button>
      </h2>
      <ul id={listId} hidden={!open}>
        {issues.map((it) => (
          <li key={`${it.volume}-${it.issue}`}>
            <NavLink to={paths.issue(y.year, it.volume, it.issue)} onClick={onChoose}>
              {issueLinkLabel(it.volume, it.issue, it.month)}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** docs/product.md#archives: /archives: title, collapsible year sidebar (mobile 'All Issues' toggle), outlet. */
export function ArchivesLayout() {
  const { name } = useJournal();
  useDocumentTitle('Archives', name);
  const q = useArchiveYears();
  const [mobileOpen, setMobileOpen] = useState(false);
  return (
    <div className="container">
      <PageTitle>ARCHIVES</PageTitle>
      <div className="archives-layout">
        <button
          type="button"
          className="btn all-issues-toggle"
          aria-expanded={mobileOpen}
          aria-controls="archive-sidebar"
          onClick={() => setMobileOpen((o) => !o)}
        >
          All Issues
        </button>
        <nav id="archive-sidebar" className={`archive-sidebar${mobileOpen ? ' open' : ''}`} aria-label="Archive issues">
          {q.isLoading && <Loading />}
          {q.isError && <ErrorState>The archive could not be loaded.</ErrorState>}
          {q.data?.map((y, i) => (
            <YearBox key={`${y.year}-${y.volume}`} y={y} defaultOpen={i < 2} onChoose={() => setMobileOpen(false)} />
          ))}
        </nav>
        <div className="archive-content">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

/** Exactly /archives: replace with the latest year's latest issue, or say there is none. */
export function ArchivesIndex() {
  const q = useArchiveYears();
  if (q.isLoading) return <Loading />;
  if (q.isError) return <ErrorState>The archive could not be loaded.</ErrorState>;
  const year = q.data?.find((y) => y.total_issues > 0 || y.issues?.length);
  const issues = year ? yearIssues(year) : [];
  const latest = issues[issues.length - 1];
  if (!year || !latest) return <EmptyState>{NO_ARTICLES}</EmptyState>;
  return <Navigate replace to={paths.issue(year.year, latest.volume, latest.issue)} />;
}
