import { useState } from 'react';
import { NavLink, Outlet } from '@/lib/router';
import { publicPaths as paths } from '@/config/public-paths';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { useArchiveYears, type YearSummary } from '../api/public.api';
import { PageHead } from '../components/page-head';
import { yearIssues } from '../lib/archive-issues';
import { issueLinkLabel } from '../lib/citation';

export const NO_ARTICLES = 'No published articles yet. Please come back later.';

/**
 * One year's box: a <details> element, so it opens and closes without JavaScript; the state is
 * kept in React as well so the chevron and a re-render agree with what the reader did.
 */
function YearBox({ y, defaultOpen, onChoose }: { y: YearSummary; defaultOpen: boolean; onChoose: () => void }) {
  const [open, setOpen] = useState(defaultOpen);
  const listId = `year-${y.year}-${y.volume}`;
  const issues = yearIssues(y);
  return (
    <details className={`year-box${open ? ' open' : ''}`} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="year-title" aria-controls={listId}>
        <h2>{y.year} ISSUES</h2>
        <span className="chevron" aria-hidden="true" />
      </summary>
      <ul id={listId}>
        {issues.map((it) => (
          <li key={`${it.volume}-${it.issue}`}>
            <NavLink to={paths.issue(y.year, it.volume, it.issue)} onClick={onChoose}>
              {issueLinkLabel(it.volume, it.issue, it.month)}
            </NavLink>
          </li>
        ))}
      </ul>
    </details>
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
        {/* A link to the sidebar: without JavaScript it opens as the URL's target (CSS :target). */}
        <a
          href="#archive-sidebar"
          role="button"
          className="btn all-issues-toggle"
          aria-expanded={mobileOpen}
          aria-controls="archive-sidebar"
          onClick={(e) => {
            e.preventDefault();
            setMobileOpen((o) => !o);
          }}
        >
          All Issues
        </a>
        <nav id="archive-sidebar" className={`archive-sidebar${mobileOpen ? ' open' : ''}`} aria-label="Archive issues">
          {q.isLoading && <Loading />}
          {q.isError && <ErrorState>The archive could not be loaded.</ErrorState>}
          {q.data?.map((y, i) => (
            <YearBox key={`${y.year}-${y.volume}`} y={y} defaultOpen={i < 2} onChoose={() => setMobileOpen(false)} />
          ))}
          {/* docs/product.md#preservation: served by the content service, so a page load, not a route. */}
          <a href="/lockss">LOCKSS and CLOCKSS manifests</a>
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
