import { StrictMode } from 'react';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { sanitizeRichText, sanitizeTitle } from '@journal/server-kit';
import { Document } from '@/app/document';
import { HYDRATION_ELEMENT_ID, Providers, type HydrationPayload } from '@/app/providers';
import { createRoutes } from '@/app/routes';
import type { PublicReads } from '@/features/public/api/public.api';
import { decodeHtmlEntities } from '@/features/public/lib/citation';
import { scriptJson } from '@/features/public/lib/citation-meta';
import type { HtmlTools } from '@/lib/html-tools';
import { ReadCache } from '@/lib/read-cache';
import { deserializeErrors, load, serializeErrors, StaticRouter } from '@/lib/router';
import type { PageAssets } from './assets';
import { memoText } from './text-memo';

// Pure functions of the stored text: each text is cleaned once per process, not once per page.
const serverHtmlTools: HtmlTools = { sanitizeRich: memoText(sanitizeRichText), sanitizeTitle: memoText(sanitizeTitle), decodeEntities: decodeHtmlEntities };
/** The route tree is the same for every page: built once. */
const routes = createRoutes();

export type RenderResult = { status: number; html: Buffer } | { status: number; redirect: string };
const HEAD_END = '</head>';

/** Renders one public page: route loaders fill the read cache, React renders the whole document. */
export async function renderPage(opts: { url: URL; origin: string; reads: PublicReads; assets: PageAssets; signal: AbortSignal; onError: (err: unknown) => void }): Promise<RenderResult> {
  // Nothing is refetched while one page renders.
  const cache = new ReadCache(Infinity);
  const result = await load(routes, opts.url, { cache, reads: opts.reads });
  if ('redirect' in result) return { status: result.redirect.status, redirect: result.redirect.location };
  const errors = serializeErrors(result.state.errors);
  for (const e of Object.values(result.state.errors ?? {})) if (e instanceof Error) opts.onError(e);
  // The page shows the errors as the browser will read them back (an unexpected error's message stays here).
  const state = { ...result.state, errors: deserializeErrors(errors) };
  const site = { origin: opts.origin };
  const payload: HydrationPayload = { site, reads: cache.dehydrate(), errors };
  const html = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (c: Buffer) => chunks.push(c));
    sink.on('end', () => resolve(Buffer.concat(chunks)));
    const stream = renderToPipeableStream(
      <Document>
        <StrictMode>
          <Providers cache={cache} reads={opts.reads} site={site} htmlTools={serverHtmlTools}>
            <StaticRouter state={state} />
          </Providers>
        </StrictMode>
      </Document>,
      {
        bootstrapModules: [opts.assets.entry],
        // Every page is wanted whole (crawlers, the micro-cache): send it once everything is rendered.
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        onError: opts.onError,
      },
    );
    opts.signal.addEventListener('abort', () => stream.abort(), { once: true });
  });
  // Data, not a script: the pages' Content-Security-Policy allows no inline scripts.
  const pageChunks = opts.assets.preloadsFor(state.matches.flatMap((m) => (m.route.lazy ? [m.route.lazy.module] : [])));
  const head = `${pageChunks}<script type="application/json" id="${HYDRATION_ELEMENT_ID}">${scriptJson(payload)}</script>`;
  // Spliced as bytes: the page is not decoded and encoded again, and the head every page shares
  // (the inlined CSS, the entry's preloads) is encoded once per process.
  const at = html.indexOf(HEAD_END);
  if (at < 0) return { status: result.status, html };
  return { status: result.status, html: Buffer.concat([html.subarray(0, at), opts.assets.headBytes, Buffer.from(head), html.subarray(at)]) };
}

/** The page of last resort, when rendering itself failed: the error screen without the app. */
export const fallbackPage = (status: number, css: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1.0"/><title>Oops!</title><meta name="robots" content="noindex"/><style>${css}</style></head><body><main id="error-page" style="text-align:center;padding:4rem 1rem"><h1>Oops!</h1><p>Sorry, an unexpected error has occurred.</p><p><i>${status === 404 ? 'Not Found' : 'Service Unavailable'}</i></p></main></body></html>`;
