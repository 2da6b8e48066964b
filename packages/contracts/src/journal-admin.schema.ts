/** The rules an operator's journal slug and host names must follow (CLI and any admin form). */

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
export const SLUG_RE = /^[a-z0-9]([a-z0-9-]{0,48}[a-z0-9])?$/;

/**
 * A slug close to what was typed that the rules accept ('My Journal!' → 'my-journal'), or null
 * when nothing usable is left: a suggestion is never itself refused.
 */
export function suggestSlug(slug: string): string | null {
  const s = slug
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return s && s !== slug && SLUG_RE.test(s) ? s : null;
}

/** Why `slug` cannot name a journal, or null when it can. */
export function slugProblem(slug: string): string | null {
  if (!slug) return 'Slug is empty';
  if (SLUG_RE.test(slug)) return null;
  const suggestion = suggestSlug(slug);
  const rule = 'use 1-50 lower-case letters, digits and dashes, not starting or ending with a dash';
  const what = /\s/.test(slug) ? 'has spaces' : 'is not valid';
  return `Slug "${slug}" ${what}: ${rule}${suggestion ? `, e.g. "${suggestion}"` : ''}`;
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
