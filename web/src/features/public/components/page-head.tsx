import type { ReactNode } from 'react';
import { useLocation } from '@/lib/router';
import { useOrigin } from '@/lib/site-context';
import { useJournal } from './use-journal';

interface Props {
  /** The page part of the title; the journal name follows it ('Board - Journal'). */
  title?: string | null;
  description?: string;
  /** Canonical path; defaults to the current path. `null`: no canonical link. */
  path?: string | null;
  noindex?: boolean;
  type?: 'website' | 'article';
  children?: ReactNode;
}

/** A public page's title, description, canonical link and OpenGraph tags; React puts them in <head>. */
export function PageHead({ title, description, path, noindex = false, type = 'website', children }: Props) {
  const { name } = useJournal();
  const origin = useOrigin();
  const location = useLocation();
  const full = [title, name].map((p) => (p ?? '').trim()).filter(Boolean).join(' - ') || 'Journal';
  const desc = (description || (name ? `${title ? `${title}: ` : ''}${name}, a peer-reviewed open access journal.` : full)).slice(0, 300);
  const canonicalPath = path === undefined ? location.pathname : path;
  const url = canonicalPath !== null ? origin + canonicalPath : null;
  return (
    <>
      <title>{full}</title>
      <meta name="description" content={desc} />
      {url && <link rel="canonical" href={url} />}
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:type" content={type} />
      <meta property="og:title" content={(title || name || full).trim()} />
      <meta property="og:description" content={desc} />
      {url && <meta property="og:url" content={url} />}
      {name && <meta property="og:site_name" content={name} />}
      {children}
    </>
  );
}
