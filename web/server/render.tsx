import { StrictMode } from 'react';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { dehydrate } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider, type StaticHandlerContext } from 'react-router-dom';
import { sanitizeRichText, sanitizeTitle } from '@journal/server-kit';
import { Document } from '@/app/document';
import { HYDRATION_ELEMENT_ID, newQueryClient, Providers, type HydrationPayload } from '@/app/providers';
import { createRoutes } from '@/app/routes';
import type { PublicReads } from '@/features/public/api/public.api';
import { decodeHtmlEntities, escapeText } from '@/features/public/lib/citation';
import { scriptJson } from '@/features/public/lib/citation-meta';
import type { HtmlTools } from '@/lib/html-tools';
import type { PageAssets } from './assets';

const serverHtmlTools: HtmlTools = { sanitizeRich: sanitizeRichText, sanitizeTitle, decodeEntities: decodeHtmlEntities };

export type RenderResult = { status: number; html: string } | { status: number; redirect: string };

/** React Router's hydration errors in the shape the browser router reads back. */
function serializeErrors(errors: StaticHandlerContext['errors']) {
  if (!errors) return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([id, e]) => [
      id,
      isRouteErrorResponse(e)
        ? { ...e, __type: 'RouteErrorResponse' }
        : e instanceof Error
          ? { message: 'Unexpected error', __type: 'Error' }
          : e,
    ]),
  );
}

/** Renders one public page: route loaders fill the query cache, React renders the whole document. */
export async function renderPage(opts: { url: URL; origin: string; reads: PublicReads; assets: PageAssets; signal: AbortSignal; onError: (err: unknown) => void }): Promise<RenderResult> {
  const queryClient = newQueryClient(true);
  const handler = createStaticHandler(createRoutes({ queryClient, reads: opts.reads }));
  const context = await handler.query(new Request(opts.url, { signal: opts.signal }));
  if (context instanceof Response) {
    return { status: context.status, redirect: context.headers.get('location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const site = { origin: opts.origin };
  const payload: HydrationPayload = {
    site,
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) },
  };
  const html = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (c: Buffer) => chunks.push(c));
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const stream = renderToPipeableStream(
      <Document>
        <StrictMode>
          <Providers queryClient={queryClient} reads={opts.reads} site={site} htmlTools={serverHtmlTools}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
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
  const head = [
    `<style>${opts.assets.css}</style>`,
    // Data, not a script: the pages' Content-Security-Policy allows no inline scripts.
    `<script type="application/json" id="${HYDRATION_ELEMENT_ID}">${scriptJson(payload)}</script>`,
    ...opts.assets.preloads.map((p) => `<link rel="modulepreload" href="${escapeText(p)}"/>`),
  ].join('');
  return { status: context.statusCode, html: html.replace('</head>', () => `${head}</head>`) };
}

/** The page of last resort, when rendering itself failed: the error screen without the app. */
export const fallbackPage = (status: number, css: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1.0"/><title>Oops!</title><meta name="robots" content="noindex"/><style>${css}</style></head><body><main id="error-page" style="text-align:center;padding:4rem 1rem"><h1>Oops!</h1><p>Sorry, an unexpected error has occurred.</p><p><i>${status === 404 ? 'Not Found' : 'Service Unavailable'}</i></p></main></body></html>`;
