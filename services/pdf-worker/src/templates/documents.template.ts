import type { ArticleInfo, EditorInfo, JournalInfo } from '../pdf.types';
import { GOLD, NAVY, SANS, document, esc, identLine, journalHeading, nowrap, titleHtml } from './base';
import { editorPlace } from '../document-data';

const PORTRAIT_CSS = `
.sheet{padding:0}
.mast{display:flex;align-items:center;gap:6mm;border-bottom:0.8mm solid ${NAVY};padding-bottom:4mm}
.mast .logo{width:20mm;height:20mm;flex:none}
.mast .jname{font-size:17pt;font-weight:700;color:${NAVY};line-height:1.2}
.mast .ident{font-family:${SANS};font-size:8.5pt;color:#444;margin-top:1mm}
.ident .sep{color:${GOLD};margin:0 2mm}
.mast .web{font-family:${SANS};font-size:8pt;color:#666;margin-top:0.6mm}
.gold{height:0.5mm;background:${GOLD};margin-top:0.8mm}
h1{font-size:18pt;color:${NAVY};text-align:center;letter-spacing:2pt;text-transform:uppercase;margin:7mm 0 2mm}
.sub{font-family:${SANS};text-align:center;font-size:10pt;color:#555;margin-bottom:6mm}
h2{font-family:${SANS};font-size:10.5pt;color:#fff;background:${NAVY};padding:1.6mm 3mm;margin:6mm 0 2mm;letter-spacing:1pt;text-transform:uppercase;break-after:avoid}
table{width:100%;border-collapse:collapse;font-size:10pt}
th{font-family:${SANS};font-size:8.5pt;text-transform:uppercase;letter-spacing:0.6pt;color:${NAVY};text-align:left;border-bottom:0.5mm solid ${NAVY};padding:2mm}
td{border-bottom:0.2mm solid #d8d3c4;padding:2.4mm 2mm;vertical-align:top}
tr{break-inside:avoid}
td.num,th.num{width:12mm;text-align:center}
td.pages,th.pages{width:22mm;text-align:right;white-space:nowrap}
.t{font-weight:700;line-height:1.3;overflow-wrap:anywhere}
.a{font-family:${SANS};font-size:9pt;color:#444;margin-top:1mm;overflow-wrap:anywhere}
.r{font-family:${SANS};font-size:7.5pt;color:#888;margin-top:0.6mm}
.ed{display:flex;gap:3mm;border-bottom:0.2mm solid #d8d3c4;padding:2.4mm 1mm;break-inside:avoid}
.ed .n{font-weight:700;font-size:11pt;color:${NAVY}}
.ed .d{font-family:${SANS};font-size:9pt;color:#333;margin-top:0.6mm;line-height:1.4;overflow-wrap:anywhere}
.ed .n{overflow-wrap:anywhere}
.ed .c{font-family:${SANS};font-size:8.5pt;color:#666;margin-top:0.6mm}
.foot{font-family:${SANS};font-size:7.5pt;color:#888;text-align:center;margin-top:8mm;border-top:0.2mm solid #ccc;padding-top:2mm}
`;

const masthead = (j: JournalInfo) => journalHeading(j, 'mast', 'gold');

const issueLabel = (a: Pick<ArticleInfo, 'volume' | 'issue' | 'year' | 'month'>) =>
  `Volume ${a.volume}, Issue ${a.issue}, ${a.month ? `${a.month} ` : ''}${a.year}`;

export function indexPageHtml(j: JournalInfo, articles: ArticleInfo[]): string {
  const groups = new Map<string, ArticleInfo[]>();
  for (const a of articles) {
    const k = `${a.year}|${a.volume}|${a.issue}`;
    groups.set(k, [...(groups.get(k) ?? []), a]);
  }
  const sections = [...groups.values()]
    .map((list) => {
      let n = 0;
      const rows = list
        .map(
          (a) => `<tr><td class="num">${++n}</td><td><div class="t">${titleHtml(a.title)}</div>
<div class="a">${esc(a.authors.join(', '))}</div><div class="r">Ref. No. ${esc(a.refnumber)}${a.subject ? ` · ${esc(a.subject)}` : ''}</div></td>
<td class="pages">${nowrap(a.pages)}</td></tr>`,
        )
        .join('');
      return `<h2>${esc(issueLabel(list[0]!))}</h2><table><thead><tr><th class="num">S.No.</th><th>Title and Authors</th><th class="pages">Pages</th></tr></thead><tbody>${rows}</tbody></table>`;
    })
    .join('');
  const body = `<div class="sheet">${masthead(j)}<h1>Contents</h1>
<div class="sub">${groups.size === 1 ? esc(issueLabel(articles[0]!)) : `${articles.length} articles`}</div>${sections}
<div class="foot">${esc(j.name)}${j.domain ? ` · ${esc(j.domain)}` : ''}</div></div>`;
  return document({ title: 'Index Page', css: PORTRAIT_CSS, logo: j.logo, body, margin: '14mm 16mm' });
}

const CATEGORY_TITLES: [string, string][] = [
  ['chief editor', 'Editor-in-Chief'],
  ['associate editor', 'Associate Editors'],
  ['assistant editor', 'Assistant Editors'],
];

export function editorialBoardHtml(j: JournalInfo, editors: EditorInfo[], showContacts: boolean): string {
  const sections = CATEGORY_TITLES.map(([cat, title]) => {
    const list = editors.filter((e) => e.category.toLowerCase() === cat);
    if (!list.length) return '';
    const rows = list
      .map((e) => {
        const line = editorPlace(e).map(esc).join(', ');
        const contact = showContacts ? [e.email, e.phone, e.website].filter(Boolean).map(esc).join(' · ') : '';
        return `<div class="ed"><div><div class="n">${esc(e.name)}${e.degree ? `<span style="font-weight:400;font-size:9.5pt">, ${esc(e.degree)}</span>` : ''}</div>
${line ? `<div class="d">${line}</div>` : ''}${contact ? `<div class="c">${contact}</div>` : ''}</div></div>`;
      })
      .join('');
    return `<h2>${esc(title)}</h2>${rows}`;
  }).join('');
  const body = `<div class="sheet">${masthead(j)}<h1>Editorial Board</h1>
<div class="sub">${esc(j.frequency ? `${j.name} · ${j.frequency}` : j.name)}</div>${sections || '<p class="sub">The editorial board is being constituted.</p>'}
<div class="foot">${esc(j.name)}${j.domain ? ` · ${esc(j.domain)}` : ''}${j.email ? ` · ${esc(j.email)}` : ''}</div></div>`;
  return document({ title: 'Editorial Board', css: PORTRAIT_CSS, logo: j.logo, body, margin: '14mm 16mm' });
}

const COVER_CSS = `
.cover{width:210mm;height:297mm;overflow:hidden;position:relative;background:#fffdf7;display:flex;flex-direction:column}
.band{background:${NAVY};color:#fff;padding:14mm 16mm 10mm;text-align:center}
.band .logo{width:30mm;height:30mm;margin:0 auto 5mm;background-color:#fff;border-radius:50%;border:1.2mm solid ${GOLD}}
.band .jname{font-size:24pt;font-weight:700;line-height:1.2;letter-spacing:0.4pt;overflow-wrap:anywhere}
.band .ident{font-family:${SANS};font-size:9.5pt;color:#e9dfc4;margin-top:3mm}
.band .ident .sep{color:${GOLD};margin:0 2.5mm}
.stripe{height:2.5mm;background:${GOLD}}
.issue{text-align:center;margin-top:14mm}
.issue .big{font-size:30pt;font-weight:700;color:${NAVY};letter-spacing:2pt;text-transform:uppercase}
.issue .when{font-family:${SANS};font-size:13pt;color:#555;margin-top:2mm;letter-spacing:1pt}
.feature{margin:14mm 22mm 0;border:0.5mm solid ${GOLD};padding:8mm 10mm;text-align:center}
.feature .lbl{font-family:${SANS};font-size:8.5pt;color:${GOLD};letter-spacing:2pt;text-transform:uppercase;font-weight:700}
.feature .t{font-size:15pt;font-weight:700;line-height:1.35;margin-top:3mm;color:#111;overflow-wrap:anywhere}
.feature .a{font-family:${SANS};font-size:10.5pt;color:#333;margin-top:3mm;overflow-wrap:anywhere}
.feature .p{font-family:${SANS};font-size:9pt;color:#666;margin-top:2mm}
.bottom{margin-top:auto;background:${NAVY};color:#e9dfc4;text-align:center;font-family:${SANS};font-size:9pt;padding:6mm 10mm;line-height:1.6}
.bottom b{color:#fff}
`;

export function coverPageHtml(j: JournalInfo, a: ArticleInfo): string {
  const titleSize = a.title.length > 220 ? '11.5pt' : a.title.length > 120 ? '13pt' : '15pt';
  // The cover is one fixed page: the fitting step shrinks the title, then the authors, then the name (fit-text.ts).
  const body = `<div class="cover" data-fit-box><div class="band"><div class="logo"></div>
<div class="jname" data-fit-min="14" data-fit-order="3">${esc(j.name)}</div><div class="ident">${identLine(j)}</div></div><div class="stripe"></div>
<div class="issue"><div class="big">Volume ${esc(a.volume)} · Issue ${esc(a.issue)}</div>
<div class="when">${esc([a.month, a.year].filter(Boolean).join(' '))}${j.frequency ? ` · ${esc(j.frequency)}` : ''}</div></div>
<div class="feature"><div class="lbl">Published in this issue</div>
<div class="t" style="font-size:${titleSize}" data-fit-min="9" data-fit-order="1">${titleHtml(a.title)}</div>
<div class="a" data-fit-min="8" data-fit-order="2">${esc(a.authors.join(', '))}</div>
<div class="p">Pages ${nowrap(a.pages)} · Ref. No. ${esc(a.refnumber)}${a.publishdate ? ` · Published ${esc(a.publishdate)}` : ''}</div>
${a.license ? `<div class="p license">${esc(a.license)}</div>` : ''}</div>
<div class="bottom">${j.chiefEditor ? `Editor-in-Chief: <b>${esc(j.chiefEditor)}</b><br>` : ''}${[j.domain, j.email].filter(Boolean).map(esc).join(' · ')}
${j.publisher ? `<br>${esc(j.publisher)}` : ''}</div></div>`;
  return document({ title: 'Cover Page', css: COVER_CSS, logo: j.logo, body });
}
