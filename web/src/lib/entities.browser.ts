/**
 * The browser's own HTML decoder in place of the `entities` package (whose HTML5 tables would
 * add 16 kB gzip to every public page): a textarea's content is decoded exactly as HTML text is.
 */
let area: HTMLTextAreaElement | null = null;

export function decodeHTML(s: string): string {
  if (!s.includes('&')) return s;
  area ??= document.createElement('textarea');
  area.innerHTML = s;
  return area.value;
}
