import { doiUrl } from '@journal/contracts';
import type { CertificateItem, EditorCertificateItem, JournalInfo, ReviewerCertificateItem } from '../pdf.types';
import { GOLD, NAVY, SERIF, document, esc, fit, journalHeading, nowrap, titleHtml } from './base';
import { editorPlace } from '../document-data';

/** One A4 landscape page per certificate; the page box is fixed and clips, so a batch splits 1:1. */
const CSS = `
.page{width:297mm;height:210mm;overflow:hidden;position:relative;page-break-after:always;break-after:page;background:#fffdf7}
.page:last-child{page-break-after:auto;break-after:auto}
.frame{position:absolute;inset:8mm;border:2.2mm solid ${NAVY};padding:1.6mm}
.frame-in{position:relative;height:100%;overflow:hidden;border:0.6mm solid ${GOLD};padding:7mm 16mm 6mm;display:flex;flex-direction:column;align-items:center;text-align:center}
.corner{position:absolute;width:14mm;height:14mm;border-color:${GOLD};border-style:solid}
.c1{top:2.5mm;left:2.5mm;border-width:0.8mm 0 0 0.8mm}.c2{top:2.5mm;right:2.5mm;border-width:0.8mm 0.8mm 0 0}
.c3{bottom:2.5mm;left:2.5mm;border-width:0 0 0.8mm 0.8mm}.c4{bottom:2.5mm;right:2.5mm;border-width:0 0.8mm 0.8mm 0}
.head{display:flex;align-items:center;justify-content:center;gap:6mm;width:100%}
.head .logo{width:24mm;height:24mm;flex:none}
.jname{font-size:19pt;font-weight:700;color:${NAVY};letter-spacing:0.3pt;line-height:1.2}
.ident{font-family:${SERIF};font-size:9pt;color:#444;margin-top:1.5mm}
.ident .sep{color:${GOLD};margin:0 2.5mm}
.web{font-family:${SERIF};font-size:8.5pt;color:#666;margin-top:0.8mm}
.rule{width:70%;height:0.4mm;background:linear-gradient(90deg,transparent,${GOLD},transparent);margin:4mm 0 3mm}
.ctitle{font-size:30pt;font-weight:700;color:${GOLD};letter-spacing:1.5pt;text-transform:uppercase;line-height:1.1}
.ref{font-family:${SERIF};font-size:8.5pt;color:#555;margin-top:1.5mm;letter-spacing:0.5pt}
.lead{font-size:12.5pt;font-style:italic;color:#333;margin-top:8mm}
.who{font-weight:700;color:${NAVY};margin:2mm 0 1mm;line-height:1.2;border-bottom:0.3mm solid #c9c2ad;padding:0 10mm 1.5mm;max-width:100%;overflow-wrap:anywhere}
.body{font-size:12.5pt;color:#333;line-height:1.5;max-width:235mm;overflow-wrap:anywhere}
.paper{font-weight:400;color:#111;line-height:1.3;margin:3mm 0 2.5mm;max-width:240mm;overflow-wrap:anywhere}
.meta{font-family:${SERIF};font-size:10.5pt;color:#333;margin-top:5mm}
.meta b{color:${NAVY}}
.meta .sep{display:inline-block;width:8mm}
.foot{margin-top:auto;width:100%;display:flex;align-items:flex-end;justify-content:space-between;padding:0 4mm}
.sig{width:70mm;text-align:center;font-family:${SERIF};font-size:9pt;color:#333}
.sig .line{border-top:0.3mm solid #333;margin-bottom:1.2mm}
.sig .name{font-family:${SERIF};font-size:11pt;font-weight:700;color:${NAVY}}
.seal{width:34mm;height:34mm;flex:none;border-radius:50%;border:0.9mm solid ${GOLD};display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center;
  font-family:${SERIF};font-weight:700;color:${GOLD};line-height:1.2;box-shadow:inset 0 0 0 1.2mm #fffdf7,inset 0 0 0 1.5mm ${GOLD}}
.seal .sname{width:25mm;letter-spacing:0.2pt;overflow-wrap:anywhere}
.seal .srule{width:12mm;border-top:0.3mm solid ${GOLD};margin:1mm 0 0.8mm}
.seal .sline{font-size:6pt;letter-spacing:0.6pt}
`;

/**
 * The seal: the whole journal name, never cut, shrunk with its length and wrapped inside the disc
 * (a 120-character name still fits, in Latin or Devanagari), then the seal's own words.
 */
function seal(j: JournalInfo, words: string[]): string {
  const name = (j.siteName || 'JOURNAL').toUpperCase();
  const size = fit(name, [[20, '7pt'], [36, '6pt'], [60, '5.2pt'], [90, '4.6pt'], [130, '4pt']], '3.4pt');
  return `<div class="seal"><div class="sname" style="font-size:${size}">${esc(name)}</div><div class="srule"></div>${words
    .map((w) => `<div class="sline">${esc(w)}</div>`)
    .join('')}</div>`;
}

const head = (j: JournalInfo) => journalHeading(j, 'head', 'rule');

/** The smallest sizes the fitting step may give (docs/product.md#documents): still read at arm's length. */
const TITLE_MIN_PT = 8;
const NAME_MIN_PT = 12;
const AFFILIATION_MIN_PT = 8;
const WHO_STEPS: [number, string][] = [[30, '26pt'], [50, '22pt'], [80, '18pt']];

const frame = (inner: string) =>
  `<section class="page"><div class="frame"><div class="frame-in" data-fit-box><i class="corner c1"></i><i class="corner c2"></i><i class="corner c3"></i><i class="corner c4"></i>${inner}</div></div></section>`;

function certificatePage(j: JournalInfo, it: CertificateItem): string {
  const a = it.article;
  const whoSize = fit(it.author, WHO_STEPS, '15pt');
  // A first guess by length; the fitting step in the page measures the rest (fit-text.ts).
  const titleSize = fit(a.title, [[90, '18pt'], [160, '16pt'], [260, '14pt'], [400, '12pt']], '11pt');
  const issueBits = [`Volume ${esc(a.volume)}`, `Issue ${esc(a.issue)}`, a.month ? `${esc(a.month)} ${esc(a.year)}` : esc(a.year)].join(', ');
  return frame(`${head(j)}
<div class="ctitle">Certificate of Publication</div>
<div class="ref">Reference No. ${esc(a.refnumber)}</div>
<div class="lead">This is to certify that</div>
<div class="who" style="font-size:${whoSize}" data-fit-min="${NAME_MIN_PT}" data-fit-order="2">${esc(it.author)}</div>
<div class="body">has published the research paper entitled</div>
<div class="paper" style="font-size:${titleSize}" data-fit-min="${TITLE_MIN_PT}" data-fit-order="1">&ldquo;${titleHtml(a.title)}&rdquo;</div>
<div class="body">in <b>${esc(j.name)}</b>, ${issueBits}${a.pages ? `, Pages ${nowrap(a.pages)}` : ''}.</div>
<div class="meta">${[a.publishdate ? `Date of Publication: <b>${esc(a.publishdate)}</b>` : '', a.doi ? `DOI: <b>${esc(doiUrl(a.doi))}</b>` : ''].filter(Boolean).join('<span class="sep"></span>')}</div>
<div class="foot">
  <div class="sig"><div class="name">${esc(a.publishdate || '')}&nbsp;</div><div class="line"></div>Date</div>
  ${seal(j, ['PUBLISHED'])}
  <div class="sig"><div class="name">${esc(j.chiefEditor || '')}&nbsp;</div><div class="line"></div>Editor-in-Chief</div>
</div>`);
}

function editorPage(j: JournalInfo, it: EditorCertificateItem, issuedOn: string): string {
  const e = it.editor;
  const whoSize = fit(e.name, WHO_STEPS, '15pt');
  const role = e.category ? e.category.replace(/\b\w/g, (c) => c.toUpperCase()) : 'Editorial Board Member';
  const where = editorPlace(e).map(esc).join(', ');
  return frame(`${head(j)}
<div class="ctitle">Certificate of Appreciation</div>
<div class="ref">Editorial Board</div>
<div class="lead">This certificate is proudly presented to</div>
<div class="who" style="font-size:${whoSize}" data-fit-min="${NAME_MIN_PT}" data-fit-order="2">${esc(e.name)}${e.degree ? `<span style="font-size:60%;font-weight:400">, ${esc(e.degree)}</span>` : ''}</div>
${where ? `<div class="body" style="font-size:10.5pt" data-fit-min="${AFFILIATION_MIN_PT}" data-fit-order="1">${where}</div>` : ''}
<div class="body" style="margin-top:3mm">in recognition of valuable service as <b>${esc(role)}</b> of<br><b>${esc(j.name)}</b>,<br>
for the dedicated review of manuscripts and the contribution to the quality of scholarly publishing.</div>
<div class="foot">
  <div class="sig"><div class="name">${esc(issuedOn)}&nbsp;</div><div class="line"></div>Date</div>
  ${seal(j, ['EDITORIAL', 'BOARD'])}
  <div class="sig"><div class="name">${esc(j.chiefEditor || '')}&nbsp;</div><div class="line"></div>Editor-in-Chief</div>
</div>`);
}

/**
 * docs/product.md#reviewer-certificates: the reviewer, where they work, the manuscript's number and
 * (unless the journal hides titles) its title, the journal, and the day the review was submitted.
 */
function reviewerPage(j: JournalInfo, it: ReviewerCertificateItem): string {
  const whoSize = fit(it.reviewer, WHO_STEPS, '15pt');
  const titleSize = fit(it.title, [[90, '17pt'], [160, '15pt'], [260, '13pt'], [400, '12pt']], '11pt');
  const paper = it.title
    ? `<div class="body" style="margin-top:3mm">has reviewed the manuscript entitled</div>
<div class="paper" style="font-size:${titleSize}" data-fit-min="${TITLE_MIN_PT}" data-fit-order="1">&ldquo;${titleHtml(it.title)}&rdquo;</div>
<div class="body">for <b>${esc(j.name)}</b>, and has contributed to the quality of its peer review.</div>`
    : `<div class="body" style="margin-top:3mm">has reviewed a manuscript for <b>${esc(j.name)}</b>,<br>and has contributed to the quality of its peer review.</div>`;
  return frame(`${head(j)}
<div class="ctitle">Certificate of Reviewing</div>
<div class="ref">Manuscript No. ${esc(it.manuscript)}</div>
<div class="lead">This is to certify that</div>
<div class="who" style="font-size:${whoSize}" data-fit-min="${NAME_MIN_PT}" data-fit-order="3">${esc(it.reviewer)}</div>
${it.affiliation ? `<div class="body" style="font-size:10.5pt" data-fit-min="${AFFILIATION_MIN_PT}" data-fit-order="2">${esc(it.affiliation)}</div>` : ''}
${paper}
<div class="meta">Review submitted on <b>${esc(it.date)}</b></div>
<div class="foot">
  <div class="sig"><div class="name">${esc(it.date)}&nbsp;</div><div class="line"></div>Date</div>
  ${seal(j, ['PEER', 'REVIEW'])}
  <div class="sig"><div class="name">${esc(j.chiefEditor || '')}&nbsp;</div><div class="line"></div>Editor-in-Chief</div>
</div>`);
}

/** Many certificates as one HTML document: one Chromium print, split into pages afterwards. */
export function certificatesHtml(j: JournalInfo, items: CertificateItem[]): string {
  return document({ title: 'Certificate of Publication', css: CSS, landscape: true, logo: j.logo, body: items.map((it) => certificatePage(j, it)).join('') });
}

export function editorCertificatesHtml(j: JournalInfo, items: EditorCertificateItem[], issuedOn: string): string {
  return document({ title: 'Certificate of Appreciation', css: CSS, landscape: true, logo: j.logo, body: items.map((it) => editorPage(j, it, issuedOn)).join('') });
}

export function reviewerCertificatesHtml(j: JournalInfo, items: ReviewerCertificateItem[]): string {
  return document({ title: 'Certificate of Reviewing', css: CSS, landscape: true, logo: j.logo, body: items.map((it) => reviewerPage(j, it)).join('') });
}
