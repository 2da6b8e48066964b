/**
 * docs/product.md#structured-authors: the identifiers an author record carries, checked the way
 * their registries define them. No zod here: public pages import these rules alone.
 */

export const ORCID_FORM_MESSAGE = 'ORCID iD must look like 0000-0000-0000-000X (or https://orcid.org/0000-0000-0000-000X)';
export const ORCID_CHECK_MESSAGE = 'ORCID iD has a wrong check digit';
export const ROR_MESSAGE = 'ROR id must look like https://ror.org/0abcde123';

const ORCID_RE = /^(\d{4})-(\d{4})-(\d{4})-(\d{3}[\dX])$/;
const ORCID_URL_RE = /^(?:https?:\/\/)?(?:www\.)?orcid\.org\//i;

/** ISO 7064 mod 11-2 check character of the first 15 digits of an ORCID iD. */
export function orcidCheckChar(digits15: string): string {
  let total = 0;
  for (const c of digits15) total = (total + Number(c)) * 2;
  const r = (12 - (total % 11)) % 11;
  return r === 10 ? 'X' : String(r);
}

/** Whitespace trimmed, the orcid.org URL prefix dropped, a lower-case x raised: the bare iD as typed. */
export const normaliseOrcid = (s: unknown): string =>
  String(s ?? '')
    .trim()
    .replace(ORCID_URL_RE, '')
    .replace(/\/+$/, '')
    .toUpperCase();

/** Why an ORCID iD (already normalised) is not one, or null when it is. */
export function orcidProblem(id: string): string | null {
  const m = ORCID_RE.exec(id);
  if (!m) return ORCID_FORM_MESSAGE;
  const digits = id.replace(/-/g, '');
  return orcidCheckChar(digits.slice(0, 15)) === digits[15] ? null : ORCID_CHECK_MESSAGE;
}

export const isValidOrcid = (s: unknown) => orcidProblem(normaliseOrcid(s)) === null;
export const orcidUrl = (id: string) => `https://orcid.org/${id}`;

/**
 * A ROR id as its URL: 'https://ror.org/' then '0', six Crockford base-32 characters (no i, l, o,
 * u) and two check digits (ISO 7064 mod 97-10 of the base-32 number).
 */
const ROR_RE = /^https:\/\/ror\.org\/(0[0-9a-hjkmnp-tv-z]{6})(\d{2})$/;
const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

export const normaliseRor = (s: unknown): string => String(s ?? '').trim().toLowerCase().replace(/^http:\/\//, 'https://').replace(/\/+$/, '');

export function isValidRor(url: string): boolean {
  const m = ROR_RE.exec(url);
  if (!m) return false;
  let n = 0n;
  for (const c of m[1]!) n = n * 32n + BigInt(CROCKFORD.indexOf(c));
  return 98n - ((n * 100n) % 97n) === BigInt(m[2]!);
}
