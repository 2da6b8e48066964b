import type { Logger } from '@journal/common';

/** Used when the SPA's index.html cannot be fetched: indexers still get the meta tags. */
export const FALLBACK_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Journal</title>
    <!--app-head-->
  </head>
  <body>
    <div id="root"><!--app-noscript--></div>
  </body>
</html>
`;

const MAX_SHELL_BYTES = 1024 * 1024;
const RETRY_AFTER_FAILURE_MS = 5000;

/**
 * The SPA's built index.html, fetched from nginx and reused for `ttlMs`, so article pages carry
 * the same scripts and styles as every other page. `tag` changes whenever the text does (cache keys).
 */
export class WebShell {
  private html = FALLBACK_SHELL;
  private tag = 0;
  private fetchedAt = 0;
  private validFor = 0;
  private pending: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly ttlMs: number,
    private readonly logger?: Logger,
  ) {}

  async get(): Promise<{ html: string; tag: number }> {
    if (Date.now() - this.fetchedAt >= this.validFor) {
      this.pending ??= this.refresh().finally(() => {
        this.pending = null;
      });
      await this.pending;
    }
    return { html: this.html, tag: this.tag };
  }

  private async refresh(): Promise<void> {
    let next = FALLBACK_SHELL;
    let ok = false;
    try {
      const res = await fetch(this.url, { signal: AbortSignal.timeout(1500), redirect: 'error' });
      const text = res.ok ? await res.text() : '';
      if (res.ok && text.length < MAX_SHELL_BYTES && /<\/head>/i.test(text)) {
        next = text;
        ok = true;
      } else {
        this.logger?.warn({ url: this.url, status: res.status }, 'web index.html unusable, using the fallback shell');
      }
    } catch (err) {
      this.logger?.warn({ url: this.url, err: (err as Error).message }, 'web index.html unreachable, using the fallback shell');
    }
    if (next !== this.html) {
      this.html = next;
      this.tag++;
    }
    this.fetchedAt = Date.now();
    this.validFor = ok ? this.ttlMs : Math.min(this.ttlMs, RETRY_AFTER_FAILURE_MS);
  }
}

/**
 * Puts a page's head and noscript content into the shell: the `<title>` replaces the shell's,
 * the rest goes at `<!--app-head-->` (or before `</head>`), the noscript copy at
 * `<!--app-noscript-->` (or right after `<body>`).
 */
export function renderShell(shell: string, parts: { title: string; head: string; noscript: string }): string {
  let html = shell;
  const titleTag = `<title>${parts.title}</title>`;
  let head = parts.head;
  if (/<title>[\s\S]*?<\/title>/i.test(html)) html = html.replace(/<title>[\s\S]*?<\/title>/i, () => titleTag);
  else head = `${titleTag}\n${head}`;
  html = html.includes('<!--app-head-->')
    ? html.replace('<!--app-head-->', () => head)
    : html.replace(/<\/head>/i, () => `${head}\n</head>`);
  html = html.includes('<!--app-noscript-->')
    ? html.replace('<!--app-noscript-->', () => parts.noscript)
    : html.replace(/<body([^>]*)>/i, (m) => `${m}\n${parts.noscript}`);
  return html;
}
