import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import { IDEMPOTENCY_HEADER } from '@journal/contracts/idempotency';
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
  /** Sent as `Idempotency-Key`: the service answers a repeat of the key with its first answer. */
  idempotencyKey?: string;
}

export interface ApiClientOptions {
  /** Runs when an authenticated request answers 401: the app decides what an ended session means. */
  onUnauthorized?: () => void;
  /** Prefix of every path (tests point a client at a server of their own, or at nothing). */
  baseUrl?: string;
  /** Runs after each write (not a GET) that succeeded, with its path: the admin follows its saves to the public site. */
  onWritten?: (path: string) => void;
  /** The session token sent with `auth` requests: the journal's stored session unless the app keeps its own (the platform's operators). */
  token?: () => string | undefined;
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
      const token = options.token ? options.token() : getSession()?.token;
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    if (opts.idempotencyKey) headers[IDEMPOTENCY_HEADER] = opts.idempotencyKey;
    const res = await fetch(base + path, { method: opts.method ?? (body ? 'POST' : 'GET'), headers, body, credentials: 'include', signal: opts.signal });
    if (res.status === 401 && opts.auth && opts.handle401 !== false) options.onUnauthorized?.();
    return res;
  }

  /** JSON request; resolves with the parsed body for 2xx, rejects with ApiError otherwise. */
  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const res = await send(path, opts);
    if (!res.ok) throw await errorFrom(res);
    if ((opts.method ?? (opts.body !== undefined ? 'POST' : 'GET')) !== 'GET') options.onWritten?.(path);
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

  return withVerbs(request, download);
}

type RequestFn = <T>(path: string, opts?: RequestOptions) => Promise<T>;

function withVerbs(request: RequestFn, download: ApiClient['download']) {
  return {
    request,
    download,
    get: <T>(path: string, opts: Bodyless = {}) => request<T>(path, { ...opts, method: 'GET' }),
    post: <T>(path: string, body?: unknown, opts: Bodyless = {}) => request<T>(path, { ...opts, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, opts: Bodyless = {}) => request<T>(path, { ...opts, method: 'PUT', body }),
    delete: <T>(path: string, opts: Bodyless = {}) => request<T>(path, { ...opts, method: 'DELETE' }),
  };
}
export interface ApiClient {
  request: RequestFn;
  download(path: string, opts?: RequestOptions): Promise<{ blob: Blob; filename?: string }>;
  get<T>(path: string, opts?: Bodyless): Promise<T>;
  post<T>(path: string, body?: unknown, opts?: Bodyless): Promise<T>;
  put<T>(path: string, body?: unknown, opts?: Bodyless): Promise<T>;
  delete<T>(path: string, opts?: Bodyless): Promise<T>;
}

/** A random idempotency key (getRandomValues: randomUUID needs a secure context). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What makes two writes the same send: the body, files by name, size and date. */
function bodySignature(body: unknown): string {
  if (!(body instanceof FormData)) return JSON.stringify(body ?? null);
  return JSON.stringify([...body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : [v.name, v.size, v.type, (v as File).lastModified]]));
}

interface WriteSlot {
  key: string;
  signature: string;
  succeeded: boolean;
  inFlight?: Promise<unknown>;
}

/**
 * A client for a form (docs/architecture.md#idempotent-writes): its writes carry idempotency keys,
 * the first made now, when the form opens. A send that repeats the last write to the same path (a
 * double click, a retry after an error or a re-authentication) keeps its key, and while that write
 * is on its way gets its very promise, so no second request leaves; a write with other values, or
 * one after a success, gets a new key.
 */
export function withIdempotencyKeys(client: ApiClient): ApiClient {
  let opening: string | undefined = newIdempotencyKey();
  const slots = new Map<string, WriteSlot>();
  const request = <T>(path: string, opts: RequestOptions = {}): Promise<T> => {
    const method = opts.method ?? (opts.body !== undefined ? 'POST' : 'GET');
    if (method === 'GET') return client.request<T>(path, opts);
    const where = `${method} ${path}`;
    const signature = bodySignature(opts.body);
    let slot = slots.get(where);
    if (slot?.inFlight && slot.signature === signature) return slot.inFlight as Promise<T>;
    if (!slot || slot.signature !== signature || slot.succeeded) {
      slot = { key: opening ?? newIdempotencyKey(), signature, succeeded: false };
      opening = undefined;
      slots.set(where, slot);
    }
    const mine = slot;
    // Settled before the caller's own continuation runs, so its next send sees this one done.
    const sent = client.request<T>(path, { ...opts, method, idempotencyKey: mine.key }).then(
      (answer) => {
        mine.inFlight = undefined;
        mine.succeeded = true;
        return answer;
      },
      (err: unknown) => {
        mine.inFlight = undefined;
        throw err;
      },
    );
    mine.inFlight = sent;
    return sent;
  };
  return withVerbs(request, client.download);
}

/** Reads that need no session (public pages) use a client with no 401 behaviour. */
export const publicApiClient = createApiClient();

const ApiClientContext = createContext<ApiClient>(publicApiClient);

/** Hands a client to everything below; the app wires its own once, a shell or a test may nest another. */
export const ApiClientProvider = ({ client, children }: { client: ApiClient; children: ReactNode }) =>
  createElement(ApiClientContext.Provider, { value: client }, children);

export const useApiClient = () => useContext(ApiClientContext);

/** The client of one mounted form or screen: its writes carry the keys of `withIdempotencyKeys`. */
export const useFormApiClient = (): ApiClient => {
  const client = useApiClient();
  return useMemo(() => withIdempotencyKeys(client), [client]);
};

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
