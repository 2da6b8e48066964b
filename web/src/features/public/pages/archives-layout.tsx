import { useState } from 'react';
import { NavLink, Outlet } from '@/lib/router';
import { publicPaths as paths } from '@/config/public-paths';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { useArchiveYears, type YearSummary } from '../api/public.api';
import { PageHead } from '../components/page-head';
import { yearIssues } from '../loaders';
import { issueLinkLabel } from '../lib/citation';

export const NO_ARTICLES = 'No published articles yet. Please come back later.';

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

/** Exactly /archives: its loader redirects to the newest issue; this shows only when there is none. */
export function ArchivesIndex() {
  return (
    <>
      <PageHead title="Archives" />
      <EmptyState>{NO_ARTICLES}</EmptyState>
    </>
  );
}
