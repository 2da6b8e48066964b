import type { z } from 'zod';
import { AppError, REQUEST_ID_HEADER, TENANT_HEADER, ttlReads, type TtlReads } from '@journal/server-kit';
import {
  ARTICLE_BATCH_MAX, articleBatchResponseSchema, listedArticleSchema, publicEditorSchema, publicReadSchemas, publicSettingsSchema,
  reviewCertificateListSchema, reviewSubmittedEventSchema, staffEditorsResponseSchema,
  type ListedArticle, type PublicEditorRead, type PublicSettingsRead, type ReviewSubmittedEvent,
} from '@journal/contracts';

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
 * journal id and request id headers. Every answer is parsed with the contracts' response schema of
 * that read (the ones content's own API tests and the render process use), never read untyped. Content's 404 becomes our 404; anything else it cannot
 * answer becomes a 503, so bad input never turns into a 5xx and a down service never hangs.
 */
export class ContentClient {
  private readonly settingsKept: TtlReads<PublicSettingsRead>;
  private readonly editorsKept: TtlReads<PublicEditorRead[]>;
  private readonly logoKept: TtlReads<string>;

  constructor(private readonly opts: ContentClientOptions) {
    const kept = { ttlMs: opts.cacheTtlMs, max: 1000 };
    this.settingsKept = ttlReads(kept);
    this.editorsKept = ttlReads(kept);
    this.logoKept = ttlReads(kept);
  }

  private async fetch(ctx: RequestContext, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(new URL(path, this.opts.baseUrl), {
        method: body === undefined ? 'GET' : 'POST',
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: {
          [TENANT_HEADER]: ctx.journalId,
          [REQUEST_ID_HEADER]: ctx.requestId,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        signal: AbortSignal.timeout(this.opts.timeoutMs),
        redirect: 'error',
      });
    } catch {
      throw new AppError(503, 'content_unavailable', 'The content service is unavailable');
    }
    return res;
  }

  /**
   * The answer parsed with its schema; 400/404 become `notFound()`, anything else unusable a 503.
   * A staff read made with the caller's own token passes content's refusal of that caller on.
   */
  private async json<S extends z.ZodType>(
    ctx: RequestContext, path: string, schema: S, notFound: () => AppError, body?: unknown, headers?: Record<string, string>,
  ): Promise<z.infer<S>> {
    const res = await this.fetch(ctx, path, body, headers);
    if (headers?.authorization && (res.status === 401 || res.status === 403)) {
      const refusal = (await res.json().catch(() => ({}))) as { error?: unknown; message?: unknown };
      throw new AppError(res.status, typeof refusal.error === 'string' ? refusal.error : 'forbidden', typeof refusal.message === 'string' ? refusal.message : 'Not allowed');
    }
    if (res.status === 404 || res.status === 400 || res.status === 410) {
      await res.body?.cancel();
      throw notFound();
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new AppError(503, 'content_unavailable', `The content service answered ${res.status}`);
    }
    let data: unknown;
    try {
      data = await res.json();
    } catch {
      throw new AppError(503, 'content_unavailable', 'The content service answered with invalid JSON');
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new AppError(503, 'content_unavailable', `The content service answered ${path} in an unexpected shape`);
    return parsed.data;
  }


  settings(ctx: RequestContext): Promise<PublicSettingsRead> {
    return this.settingsKept.get(ctx.journalId, () =>
      this.json(ctx, '/api/settings/', publicSettingsSchema, () => new AppError(404, 'unknown_journal', 'Journal not found')),
    );
  }

  editors(ctx: RequestContext): Promise<PublicEditorRead[]> {
    return this.editorsKept.get(ctx.journalId, () =>
      this.json(ctx, '/api/editors/', publicReadSchemas.editors, () => new AppError(404, 'not_found', 'Editors not found')),
    );
  }

  editor(ctx: RequestContext, id: string): Promise<PublicEditorRead> {
    return this.json(ctx, `/api/editors/${encodeURIComponent(id)}`, publicEditorSchema, () => new AppError(404, 'editor_not_found', `Editor ${id} not found`));
  }

  articleByRef(ctx: RequestContext, ref: string): Promise<ListedArticle> {
    return this.json(ctx, `/api/archives/ref/${encodeURIComponent(ref)}`, listedArticleSchema, () =>
      new AppError(404, 'article_not_found', `Article ${ref} not found`),
    );
  }

  /**
   * The public articles with these reference numbers, in the order asked, one call per 1000
   * references (docs/product.md#api). Unknown references are listed in `missing`.
   */
  async articlesByRefs(ctx: RequestContext, refs: string[], scope: 'public' | 'staff' = 'public'): Promise<{ articles: ListedArticle[]; missing: string[] }> {
    const out: { articles: ListedArticle[]; missing: string[] } = { articles: [], missing: [] };
    // Staff documents are made from what staff selected, disabled or withdrawn articles included.
    const path = scope === 'staff' ? '/internal/staff/articles/by-refs' : '/internal/articles/by-refs';
    for (let i = 0; i < refs.length; i += ARTICLE_BATCH_MAX) {
      const chunk = refs.slice(i, i + ARTICLE_BATCH_MAX);
      const r = await this.json(ctx, path, articleBatchResponseSchema, () =>
        new AppError(503, 'content_unavailable', 'The content service refused the batch read'), { refs: chunk });
      out.articles.push(...r.articles);
      out.missing.push(...r.missing);
    }
    return out;
  }

  /** The journal's editors with these ids, enabled or not (staff documents), and the ids it does not have. */
  async staffEditors(ctx: RequestContext, ids: string[]): Promise<{ editors: PublicEditorRead[]; missing: string[] }> {
    const out: { editors: PublicEditorRead[]; missing: string[] } = { editors: [], missing: [] };
    for (let i = 0; i < ids.length; i += ARTICLE_BATCH_MAX) {
      const r = await this.json(ctx, '/internal/staff/editors/by-ids', staffEditorsResponseSchema, () =>
        new AppError(503, 'content_unavailable', 'The content service refused the editors read'), { ids: ids.slice(i, i + ARTICLE_BATCH_MAX) });
      out.editors.push(...r.editors);
      out.missing.push(...r.missing);
    }
    return out;
  }

  /** docs/product.md#reviewer-certificates: a submitted review of the journal, as its certificate shows it. */
  reviewCertificate(ctx: RequestContext, reviewId: string): Promise<ReviewSubmittedEvent> {
    return this.json(ctx, `/internal/reviews/${encodeURIComponent(reviewId)}/certificate`, reviewSubmittedEventSchema, () =>
      new AppError(404, 'certificate_not_found', 'No such certificate'),
    );
  }

  /**
   * The reviews submitted in a year, read with the staff caller's own token: content leaves out the
   * reviews whose reviewers are hidden from that caller (the conflict rule of double-blind review).
   */
  async reviewCertificates(ctx: RequestContext, year: number, authorization: string): Promise<ReviewSubmittedEvent[]> {
    const r = await this.json(ctx, `/api/admin/reviews/certificates?year=${year}`, reviewCertificateListSchema, () =>
      new AppError(503, 'content_unavailable', 'The content service refused the reviews read'), undefined, { authorization });
    return r.items;
  }

  /** The journal logo as a data URI, or '' when there is none or it is not a plain image. */
  logo(ctx: RequestContext): Promise<string> {
    return this.logoKept.get(ctx.journalId, async () => {
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
