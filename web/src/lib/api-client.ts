import { createContext, createElement, useContext, type ReactNode } from 'react';
import { getSession } from './session';

/** An error answer from the API: the `{error: code, message}` of docs/product.md#api with the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }

  /** The per-field reasons of a refused body (`details` of a validation error), first field first. */
  get details(): { path: string; message: string }[] {
    const d = (this.body as { details?: unknown } | undefined)?.details;
    return Array.isArray(d) ? d.filter((x): x is { path: string; message: string } => typeof (x as { message?: unknown } | null)?.message === 'string') : [];
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Attach `Authorization: Bearer {token}` from browser storage. */
  auth?: boolean;
  /** Skip the client's 401 handling (login and token checks handle it themselves). */
  handle401?: boolean;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** Runs when an authenticated request answers 401: the app decides what an ended session means. */
  onUnauthorized?: () => void;
  /** Prefix of every path (tests point a client at a server of their own, or at nothing). */
  baseUrl?: string;
}

type Bodyless = Omit<RequestOptions, 'method' | 'body'>;

async function errorFrom(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
  return new ApiError(res.status, body.error ?? (res.status === 401 ? 'unauthorized' : 'http_error'), body.message ?? res.statusText, body);
}

/** A fetch wrapper with the app's 401 behaviour; the app builds one and hands it down by context. */
export function createApiClient(options: ApiClientOptions = {}) {
  const base = options.baseUrl ?? '';

  async function send(path: string, opts: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    if (opts.auth) {
      const s = getSession();
      if (s) headers.Authorization = `Bearer ${s.token}`;
    }
    const res = await fetch(base + path, { method: opts.method ?? (body ? 'POST' : 'GET'), headers, body, credentials: 'include', signal: opts.signal });
    if (res.status === 401 && opts.auth && opts.handle401 !== false) options.onUnauthorized?.();
    return res;
  }

  /** JSON request; resolves with the parsed body for 2xx, rejects with ApiError otherwise. */
  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const res = await send(path, opts);
    if (!res.ok) throw await errorFrom(res);
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }

  /** Binary download (PDF, zip); resolves with the blob and the server's file name. */
  async function download(path: string, opts: RequestOptions = {}): Promise<{ blob: Blob; filename?: string }> {
    const res = await send(path, opts);
    if (!res.ok) throw await errorFrom(res);
    const cd = res.headers.get('content-disposition') ?? '';
    const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(cd);
    return { blob: await res.blob(), filename: m ? decodeURIComponent(m[1]!) : undefined };
  }

  return {
    request,
    download,
    get: <T>(path: string, opts: Bodyless = {}) => request<T>(path, { ...opts, method: 'GET' }),
    post: <T>(path: string, body?: unknown, opts: Bodyless = {}) => request<T>(path, { ...opts, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, opts: Bodyless = {}) => request<T>(path, { ...opts, method: 'PUT', body }),
    delete: <T>(path: string, opts: Bodyless = {}) => request<T>(path, { ...opts, method: 'DELETE' }),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

/** Reads that need no session (public pages) use a client with no 401 behaviour. */
export const publicApiClient = createApiClient();

const ApiClientContext = createContext<ApiClient>(publicApiClient);

/** Hands a client to everything below; the app wires its own once, a shell or a test may nest another. */
export const ApiClientProvider = ({ client, children }: { client: ApiClient; children: ReactNode }) =>
  createElement(ApiClientContext.Provider, { value: client }, children);

export const useApiClient = () => useContext(ApiClientContext);

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
