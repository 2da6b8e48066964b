import { clearSession, getSession } from './session';

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
}

type OnUnauthorized = () => void;
let onUnauthorized: OnUnauthorized = () => {
  clearSession();
  window.alert('Session expired. Please login again.');
  window.location.assign('/admin/login');
};
/** The work-log shell handles an expired session its own way (docs/product.md#worklog). */
export const setUnauthorizedHandler = (fn: OnUnauthorized): OnUnauthorized => {
  const previous = onUnauthorized;
  onUnauthorized = fn;
  return previous;
};

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Attach `Authorization: Bearer {token}` from browser storage. */
  auth?: boolean;
  /** Skip the global 401 handling (login and token checks handle it themselves). */
  handle401?: boolean;
  signal?: AbortSignal;
}

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
  const res = await fetch(path, { method: opts.method ?? (body ? 'POST' : 'GET'), headers, body, credentials: 'include', signal: opts.signal });
  if (res.status === 401 && opts.auth && opts.handle401 !== false) onUnauthorized();
  return res;
}

async function errorFrom(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
  return new ApiError(res.status, body.error ?? (res.status === 401 ? 'unauthorized' : 'http_error'), body.message ?? res.statusText, body);
}

/** JSON request; resolves with the parsed body for 2xx, rejects with ApiError otherwise. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts);
  if (!res.ok) throw await errorFrom(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** Binary download (PDF, zip); resolves with the blob and the server's file name. */
export async function download(path: string, opts: RequestOptions = {}): Promise<{ blob: Blob; filename?: string }> {
  const res = await send(path, opts);
  if (!res.ok) throw await errorFrom(res);
  const cd = res.headers.get('content-disposition') ?? '';
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(cd);
  return { blob: await res.blob(), filename: m ? decodeURIComponent(m[1]!) : undefined };
}

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

export const api = {
  get: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...opts, method: 'PUT', body }),
  delete: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...opts, method: 'DELETE' }),
};
