import { decodeEntities } from '@/lib/sanitize';

/** A stored (possibly entity-encoded) title as plain text: for messages, counts and alt texts. */
export function toPlainTitle(html: string): string {
  const doc = new DOMParser().parseFromString(decodeEntities(html ?? ''), 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
