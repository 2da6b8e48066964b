import { escapeHtml } from '@journal/server-kit';
import { decodeEntities, TITLE_TAG_PATTERN } from '@journal/contracts';
import type { JournalInfo } from '../pdf.types';

/**
 * Bump when any template changes: it is part of every cache key, so files rendered by an older
 * template are not served again.
 */
export const TEMPLATE_VERSION = 'tpl-2026-11-29.2';

export const esc = escapeHtml;

/**
 * Titles arrive sanitised to TITLE_TAGS (contracts); they are escaped again here and only those
 * bare tags are restored, so nothing else can reach Chromium even if a job was tampered with.
 */
const TITLE_TAG_SPLIT = new RegExp(`(${TITLE_TAG_PATTERN})`);
const TITLE_TAG_RE = new RegExp(`^${TITLE_TAG_PATTERN}$`);
export const titleHtml = (title: string) =>
  String(title ?? '')
    .split(TITLE_TAG_SPLIT)
    .map((seg) => (TITLE_TAG_RE.test(seg) ? seg : esc(decodeEntities(seg))))
    .join('');

/** Installed system fonts (fonts-noto-core, fonts-lohit-deva): Latin first, Devanagari as fallback. */
export const SERIF = `'Noto Serif', 'Noto Serif Devanagari', 'Lohit Devanagari', serif`;
export const SANS = `'Noto Sans', 'Noto Sans Devanagari', 'Lohit Devanagari', sans-serif`;

export const NAVY = '#1b2a4a';
export const GOLD = '#b08d3c';

export function document(opts: { title: string; css: string; body: string; landscape?: boolean; logo?: string; margin?: string }): string {
  const size = opts.landscape ? 'A4 landscape' : 'A4';
  // The logo is declared once as a CSS background so a batch of hundreds of pages decodes it once.
  const logoCss = opts.logo && /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(opts.logo)
    ? `.logo{background-image:url("${opts.logo}")}`
    : '.logo{display:none}';
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(opts.title)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:">
<style>
@page{size:${size};margin:${opts.margin ?? '0'}}
*{box-sizing:border-box}
html,body{margin:0;padding:0}
body{font-family:${SERIF};color:#1d1d1f;-webkit-print-color-adjust:exact;print-color-adjust:exact}
.nw{white-space:nowrap}
.logo{background-size:contain;background-repeat:no-repeat;background-position:center}
${logoCss}
${opts.css}
</style></head><body>${opts.body}</body></html>`;
}

/** Identification line: ISSN, E-ISSN and impact factor, whichever the journal has. */
export function identLine(j: JournalInfo): string {
  const parts: string[] = [];
  if (j.issn) parts.push(`ISSN: ${esc(j.issn)}`);
  if (j.essn) parts.push(`E-ISSN: ${esc(j.essn)}`);
  if (j.impactFactor) parts.push(`Impact Factor: ${esc(j.impactFactor)}`);
  return parts.join('<span class="sep">|</span>');
}

/**
 * The journal's heading of a document: its logo box, name, identifiers and web address, in a
 * `wrapper` block with the document's own rule (`rule` class) under it.
 */
export function journalHeading(j: JournalInfo, wrapper: string, rule: string): string {
  return `<div class="${wrapper}"><div class="logo"></div><div>
<div class="jname">${esc(j.name)}</div>
<div class="ident">${identLine(j)}</div>
${j.domain || j.email ? `<div class="web">${[j.domain, j.email].filter(Boolean).map(esc).join(' &nbsp;·&nbsp; ')}</div>` : ''}
</div></div><div class="${rule}"></div>`;
}

/** A value never broken across lines, such as a page range ('8-16' must not wrap at its hyphen). */
export const nowrap = (value: string) => `<span class="nw">${esc(value)}</span>`;

/** Font size steps for long values, so every certificate stays on exactly one page. */
export function fit(text: string, steps: [number, string][], fallback: string): string {
  const len = text.length;
  for (const [max, size] of steps) if (len <= max) return size;
  return fallback;
}
