import { AppError, REQUEST_ID_HEADER, TENANT_HEADER } from '@journal/common';

/** Raw records as the content service's public API answers them (field names: docs/product.md#entities). */
export type RawRecord = Record<string, unknown>;

export interface ContentClientOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Settings, editors and the logo are kept this long per journal; articles never. */
  cacheTtlMs: number;
}

export interface RequestContext {
  journalId: string;
  requestId: string;
}

const MAX_LOGO_BYTES = 2 * 1024 * 1024;
const LOGO_TYPES = /^image\/(png|jpeg|gif|webp)$/;

/**
 * Reads what a document needs from the content service over HTTP, as the gateway would, with the
 * journal id and request id headers. Content's 404 becomes our 404; anything else it cannot
 * answer becomes a 503, so bad input never turns into a 5xx and a down service never hangs.
 */
export class ContentClient {
  private readonly cache = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(private readonly opts: ContentClientOptions) {}

  private async fetch(ctx: RequestContext, path: string): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(new URL(path, this.opts.baseUrl), {
        headers: { [TENANT_HEADER]: ctx.journalId, [REQUEST_ID_HEADER]: ctx.requestId, accept: 'application/json' },
        signal: AbortSignal.timeout(this.opts.timeoutMs),
        redirect: 'error',
      });
    } catch {
      throw new AppError(503, 'content_unavailable', 'The content service is unavailable');
    }
    return res;
  }

  private async json<T>(ctx: RequestContext, path: string, notFound: () => AppError): Promise<T> {
    const res = await this.fetch(ctx, path);
    if (res.status === 404 || res.status === 400) {
      await res.body?.cancel();
      throw notFound();
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new AppError(503, 'content_unavailable', `The content service answered ${res.status}`);
    }
    try {
      return (await res.json()) as T;
    } catch {
      throw new AppError(503, 'content_unavailable', 'The content service answered with invalid JSON');
    }
  }

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < this.opts.cacheTtlMs) return hit.value as Promise<T>;
    const value = load();
    this.cache.set(key, { at: Date.now(), value });
    value.catch(() => this.cache.delete(key));
    if (this.cache.size > 1000) this.cache.delete(this.cache.keys().next().value as string);
    return value;
  }

  settings(ctx: RequestContext): Promise<RawRecord> {
    return this.cached(`s:${ctx.journalId}`, async () =>
      unwrap(await this.json<unknown>(ctx, '/api/settings/', () => new AppError(404, 'unknown_journal', 'Journal not found')), 'settings'),
    );
  }

  editors(ctx: RequestContext): Promise<RawRecord[]> {
    return this.cached(`e:${ctx.journalId}`, async () =>
      list(await this.json<unknown>(ctx, '/api/editors/', () => new AppError(404, 'not_found', 'Editors not found')), 'editors'),
    );
  }

  async editor(ctx: RequestContext, id: string): Promise<RawRecord> {
    return unwrap(
      await this.json<unknown>(ctx, `/api/editors/${encodeURIComponent(id)}`, () => new AppError(404, 'editor_not_found', `Editor ${id} not found`)),
      'editor',
    );
  }

  async articleByRef(ctx: RequestContext, ref: string): Promise<RawRecord> {
    const body = await this.json<unknown>(ctx, `/api/archives/ref/${encodeURIComponent(ref)}`, () =>
      new AppError(404, 'article_not_found', `Article ${ref} not found`),
    );
    const a = Array.isArray(body) ? (body[0] as RawRecord | undefined) : unwrap(body, 'article');
    if (!a || typeof a !== 'object' || Object.keys(a).length === 0) throw new AppError(404, 'article_not_found', `Article ${ref} not found`);
    return a;
  }

  /** The journal logo as a data URI, or '' when there is none or it is not a plain image. */
  logo(ctx: RequestContext): Promise<string> {
    return this.cached(`l:${ctx.journalId}`, async () => {
      const res = await this.fetch(ctx, '/assets/site/logo.png');
      if (!res.ok) {
        await res.body?.cancel();
        if (res.status >= 500) throw new AppError(503, 'content_unavailable', `The content service answered ${res.status}`);
        return '';
      }
      const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const bytes = Buffer.from(await res.arrayBuffer());
      if (!LOGO_TYPES.test(type) || bytes.length === 0 || bytes.length > MAX_LOGO_BYTES) return '';
      return `data:${type};base64,${bytes.toString('base64')}`;
    });
  }
}

/** Accepts a bare record or one wrapped as `{settings: {...}}`, `{data: {...}}` and the like. */
function unwrap(body: unknown, name: string): RawRecord {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const b = body as RawRecord;
  for (const k of [name, 'data', 'item', 'result']) {
    const v = b[k];
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as RawRecord;
  }
  return b;
}

function list(body: unknown, name: string): RawRecord[] {
  if (Array.isArray(body)) return body as RawRecord[];
  if (body && typeof body === 'object') {
    const b = body as RawRecord;
    for (const k of [name, 'data', 'items', 'results']) if (Array.isArray(b[k])) return b[k] as RawRecord[];
  }
  return [];
}
