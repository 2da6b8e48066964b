/** A public read answered with something other than 2xx: the status and the API's `{error, message}`. */
export class ReadError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A public read in the browser: a same-origin GET of JSON, no session. Kept apart from the admin's
 * API client (sessions, uploads, downloads), which a reader's first load does not need.
 */
export async function readJson<T>(path: string): Promise<T> {
  const res = await fetch(path, { headers: { Accept: 'application/json' }, credentials: 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
    throw new ReadError(res.status, body.error ?? 'http_error', body.message ?? res.statusText);
  }
  return (await res.json()) as T;
}
