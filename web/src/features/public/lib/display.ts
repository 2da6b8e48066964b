/**
 * The display rules every public page may need (docs/product.md#display-rules): the layout's
 * WhatsApp link, the frequency label, the impact factor. Apart from citation.ts, whose title and
 * citation rules only the archive's pages use, so they come with the archive's chunk.
 */

/** 'bi-monthly' → 'Bi-Monthly': each hyphen part capitalised. */
export const capitalizeFrequency = (f: string | null | undefined) =>
  String(f ?? '')
    .trim()
    .split('-')
    .map((p) => (p ? p[0]!.toUpperCase() + p.slice(1).toLowerCase() : p))
    .join('-');

/** docs/product.md#display-rules: the public display of the impact factor drops its first 15 characters ('Impact Factor: '). */
export const impactFactorDisplay = (raw: string | null | undefined) => String(raw ?? '').slice(15).trim();

/** Digits only, as wa.me wants the number. */
export const whatsappNumber = (raw: string | null | undefined) => String(raw ?? '').replace(/\D+/g, '');

/** A WhatsApp chat link with a prefilled query message. */
export function whatsappLink(raw: string | null | undefined, journalName: string): string {
  const text = `Hello, I have a query about ${journalName || 'the journal'}.`;
  const n = whatsappNumber(raw);
  return `https://wa.me/${n}?text=${encodeURIComponent(text)}`;
}
