import { plain } from '../shared/text';

/**
 * The stored abstract (sanitised HTML) as plain-text paragraphs: split at paragraph ends and line
 * breaks first, so "…end.</p><p>Next…" does not run the two sentences together.
 */
export function abstractParagraphs(html: string): string[] {
  return String(html ?? '')
    .split(/<\/p\s*>|<br\s*\/?>|<\/div\s*>|<\/li\s*>/i)
    .map((part) => plain(part).trim())
    .filter(Boolean);
}
