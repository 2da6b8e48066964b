/** The rules an operator's journal slug and host names must follow (CLI and any admin form). */

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
export const SLUG_RE = /^[a-z0-9]([a-z0-9-]{0,48}[a-z0-9])?$/;

/** Why `slug` cannot name a journal, or null when it can. */
export function slugProblem(slug: string): string | null {
  if (!slug) return 'Slug is empty';
  if (/\s/.test(slug)) return `Slug "${slug}" has spaces: use lower-case letters, digits and dashes, e.g. "${slug.trim().toLowerCase().replace(/\s+/g, '-')}"`;
  if (!SLUG_RE.test(slug)) return `Slug "${slug}" is not valid: 1-50 lower-case letters, digits and dashes, not starting or ending with a dash`;
  return null;
}

export type HostCheck = { ok: true; host: string; note?: string } | { ok: false; problem: string };

/**
 * Checks a host name an operator typed. Upper case is normalised (host names are
 * case-insensitive; the note says so); ports, trailing dots, wildcards, schemes and paths are
 * refused with what to write instead.
 */
export function checkHost(raw: string): HostCheck {
  const input = raw.trim();
  if (!input) return { ok: false, problem: 'Host is empty' };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input) || input.includes('/')) {
    return { ok: false, problem: `Host "${input}" must be a host name alone, without scheme or path (e.g. journal.example.org)` };
  }
  if (input.includes('*')) return { ok: false, problem: `Host "${input}" is a wildcard: add each host name the journal answers on` };
  if (input.includes(':')) {
    return { ok: false, problem: `Host "${input}" has a port: give the name alone, the journal answers on it whatever the port` };
  }
  if (input.endsWith('.')) return { ok: false, problem: `Host "${input}" ends with a dot: write it without, e.g. ${input.replace(/\.+$/, '')}` };
  const host = input.toLowerCase();
  if (host.length > 253 || !host.split('.').every((l) => LABEL.test(l))) {
    return { ok: false, problem: `Host "${input}" is not a valid host name (letters, digits, dashes and dots)` };
  }
  return host === input ? { ok: true, host } : { ok: true, host, note: `host "${input}" is stored in lower case as "${host}"` };
}
