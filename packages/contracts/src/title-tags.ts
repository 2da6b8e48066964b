/**
 * Article titles keep italics (species and journal names) and sub-/superscript (formulas, units):
 * the one list (docs/product.md#display-rules), used by the sanitisers on the server and in the
 * browser, the public pages' title rules and the PDF templates. A file of its own so the public
 * pages take it without the rich-text allow-list.
 */
export const TITLE_TAGS = ['i', 'em', 'sub', 'sup'] as const;
export const isTitleTag = (name: string): boolean => (TITLE_TAGS as readonly string[]).includes(name);
/** One bare title tag as a sanitised title holds it (`<i>`, `</sup>`), for building expressions. */
export const TITLE_TAG_PATTERN = `</?(?:${TITLE_TAGS.join('|')})>`;
