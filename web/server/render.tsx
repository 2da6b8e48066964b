import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { sanitizeRichText, sanitizeTitle } from '@journal/server-kit';
import { Document } from '@/app/document';
import { HYDRATION_ELEMENT_ID, Providers } from '@/app/providers';
import { createRoutes } from '@/app/routes';
import type { PublicReads } from '@/features/public/api/public.api';
import { decodeHtmlEntities } from '@/features/public/lib/citation';
import type { HtmlTools } from '@/lib/html-tools';
import { ReadCache } from '@/lib/read-cache';
import { deserializeErrors, serializeErrors, StaticRouter } from '@/lib/router';
import { load } from '@/lib/router/load';
import type { PageAssets } from './assets';
import { hydration, pageEtag } from './page-etag';
import { memoText } from './text-memo';

// Pure functions of the stored text: each text is cleaned once per process, not once per page.
const serverHtmlTools: HtmlTools = { sanitizeRich: memoText(sanitizeRichText), sanitizeTitle: memoText(sanitizeTitle), decodeEntities: decodeHtmlEntities };
/** The route tree is the same for every page: built once. */
const routes = createRoutes();

/** A page's parts in order: bytes shared by every page, and this page's strings. */
export type PageParts = (Buffer | string)[];
/**
 * A page whose reads are done: its status and validator, and the render itself, which a reader
 * who already holds the page (a matching If-None-Match) never costs.
 */
export type PreparedPage = { status: number; redirect: string } | { status: number; etag: string; render(): PageParts };
const HEAD_END = '</head>';
const BODY_END = '</body>';
/** What the streaming renderer puts first; renderToString leaves it out. */
const DOCTYPE = Buffer.from('<!DOCTYPE html>');
/**
 * How every page starts, up to the charset and viewport tags (React puts them first in <head>),
 * taken from the document rendered empty.
 */
const PAGE_START = /^<html[^>]*><head>(?:<meta [^>]*\/>)*/.exec(renderToString(<Document>{null}</Document>))?.[0] ?? '';
const TITLE_END = '</title>';

/**
 * Runs the route loaders of one public page (they fill the read cache). The page is a function of
 * what the browser hydrates from (the reads' answers, the route errors, the origin), of the URL, of
 * the build and of the year its footer shows: its ETag is taken from those, not from the bytes.
 */
export async function preparePage(opts: { url: URL; origin: string; reads: PublicReads; assets: PageAssets; onError: (err: unknown) => void }): Promise<PreparedPage> {
  // Nothing is refetched while one page renders.
  const cache = new ReadCache(Infinity);
  const result = await load(routes, opts.url, { cache, reads: opts.reads, origin: opts.origin });
  if ('redirect' in result) return { status: result.redirect.status, redirect: result.redirect.location };
  const errors = serializeErrors(result.state.errors);
  for (const e of Object.values(result.state.errors ?? {})) if (e instanceof Error) opts.onError(e);
  // The page shows the errors as the browser will read them back (an unexpected error's message stays here).
  const state = { ...result.state, errors: deserializeErrors(errors) };
  const site = { origin: opts.origin };
  // Effects do not run in a server render: nothing is added to the cache after the loaders.
  const { json: payload, digest } = hydration(site, cache.dehydrate(), errors);
  const etag = pageEtag(opts.assets.buildId, result.status, opts.url.href, digest);
  const render = (): PageParts => {
    const app = (
      <Document>
        <StrictMode>
          <Providers cache={cache} reads={opts.reads} site={site} htmlTools={serverHtmlTools}>
            <StaticRouter state={state} />
          </Providers>
        </StrictMode>
      </Document>
    );
    // Every page is wanted whole (crawlers, the micro-cache) and nothing on a public page suspends
    // (the loaders have read everything, the route's chunk is loaded): one synchronous render to a
    // string, without the streaming renderer's byte chunks.
    // A component that throws fails the whole render: the caller answers with the fallback page.
    const html = renderToString(app);
    const pageChunks = opts.assets.preloadsFor(state.matches.flatMap((m) => (m.route.lazy ? [m.route.lazy.module] : [])));
    // Data, not a script: the pages' Content-Security-Policy allows no inline scripts.
    const head = `${pageChunks}<script type="application/json" id="${HYDRATION_ELEMENT_ID}">${payload}</script>`;
    // The head every page shares (the inlined CSS, the entry's preloads) is bytes encoded once per
    // process (and deflated once for gzip); this page's pieces stay strings. It follows the
    // charset, viewport and title, before the page's preloads and meta tags (the order web
    // performance guides give a head: title, styles, preloads, then the rest). The entry module
    // goes last in <body>, as React's own bootstrap would put it.
    const at = html.indexOf(HEAD_END);
    const end = html.lastIndexOf(BODY_END);
    if (at < 0 || end < at) throw new Error('the rendered document has no head or body');
    const tail = [head, html.slice(at, end), opts.assets.bootstrapBytes, html.slice(end)];
    if (!PAGE_START || !html.startsWith(PAGE_START)) return [DOCTYPE, html.slice(0, at), opts.assets.headBytes, ...tail];
    const own = html.slice(PAGE_START.length, at);
    const t0 = own.indexOf('<title>');
    const titleEnd = t0 < 0 ? -1 : own.indexOf(TITLE_END, t0);
    const t1 = titleEnd + TITLE_END.length;
    const title = titleEnd < 0 ? '' : own.slice(t0, t1);
    return [DOCTYPE, PAGE_START + title, opts.assets.headBytes, title ? own.slice(0, t0) + own.slice(t1) : own, ...tail];
  };
  return { status: result.status, etag, render };
}

/** The page of last resort, when rendering itself failed: the error screen without the app. */
export const fallbackPage = (status: number, css: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1.0"/><title>Oops!</title><meta name="robots" content="noindex"/><style>${css}</style></head><body><main id="error-page" style="text-align:center;padding:4rem 1rem"><h1>Oops!</h1><p>Sorry, an unexpected error has occurred.</p><p><i>${status === 404 ? 'Not Found' : 'Service Unavailable'}</i></p></main></body></html>`;
