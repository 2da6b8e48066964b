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

function YearBox({ y, defaultOpen, onChoose }: { y: YearSummary; defaultOpen: boolean; onChoose: () => void }) {
  const [open, setOpen] = useState(defaultOpen);
  const listId = `year-${y.year}-${y.volume}`;
  const issues = Array.from({ length: Math.max(0, y.total_issues) }, (_, i) => i + 1);
  return (
    <div className={`year-box${open ? ' open' : ''}`}>
      <h2 className="year-title">
        <button type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
          {y.year} ISSUES
          <span className="chevron" aria-hidden="true" />
        </button>
      </h2>
      <ul id={listId} hidden={!open}>
        {issues.map((n) => (
          <li key={n}>
            <NavLink to={paths.issue(y.year, y.volume, n)} onClick={onChoose}>
              {issueLinkLabel(y.volume, n, y.issue_month?.[String(n)])}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Spec §2 /archives: title, collapsible year sidebar (mobile 'All Issues' toggle), outlet. */
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
  const latest = q.data?.find((y) => y.total_issues > 0);
  if (!latest) return <EmptyState>{NO_ARTICLES}</EmptyState>;
  return <Navigate replace to={paths.issue(latest.year, latest.volume, latest.total_issues)} />;
}
