/** What a job carries: everything a worker needs to render, already fetched and cleaned by the API. */

export type PdfKind =
  | 'certificate'
  | 'coverpage'
  | 'editorialboard'
  | 'indexpage'
  | 'bulkcertificates'
  | 'editorscertificate'
  | 'reviewercertificate'
  | 'reviewercertificates';

export interface JournalInfo {
  /** The journal's full name, plain text. */
  name: string;
  /** The short site name (settings.websitename). */
  siteName: string;
  domain: string;
  email: string;
  issn: string;
  essn: string;
  impactFactor: string;
  frequency: string;
  /** `data:image/...;base64,...` or '' when the journal has no logo. */
  logo: string;
  chiefEditor: string;
  publisher: string;
}

export interface ArticleInfo {
  refnumber: string;
  /** Sanitised title HTML: text with at most <i> and <em>. */
  title: string;
  authors: string[];
  year: string;
  volume: string;
  issue: string;
  month: string;
  pages: string;
  publishdate: string;
  subject: string;
  country: string;
  /** Absent or '' when the article has no (valid) DOI. */
  doi?: string;
  /** docs/product.md#licences: the cover page's licence line; absent or '' when none is stated. */
  license?: string;
}

export interface EditorInfo {
  id: string;
  name: string;
  category: string;
  post: string;
  affiliation: string;
  degree: string;
  country: string;
  email: string;
  phone: string;
  website: string;
}

export interface CertificateItem {
  author: string;
  article: ArticleInfo;
  /** Entry name inside a zip (bulk only). */
  entry?: string;
}

export interface EditorCertificateItem {
  editor: EditorInfo;
  entry: string;
}

/** docs/product.md#reviewer-certificates: one submitted review, as its certificate shows it. */
export interface ReviewerCertificateItem {
  reviewer: string;
  affiliation: string;
  /** The submission's number. */
  manuscript: string;
  /** Sanitised title HTML; '' when the journal keeps titles off reviewer certificates. */
  title: string;
  /** The day the review was submitted, written out ('18 December 2026'). */
  date: string;
  /** Entry name inside a zip (bulk only). */
  entry?: string;
}

export type JobPayload =
  | { kind: 'certificate'; journal: JournalInfo; items: CertificateItem[] }
  | { kind: 'bulkcertificates'; journal: JournalInfo; items: CertificateItem[] }
  | { kind: 'coverpage'; journal: JournalInfo; article: ArticleInfo }
  | { kind: 'indexpage'; journal: JournalInfo; articles: ArticleInfo[] }
  | { kind: 'editorialboard'; journal: JournalInfo; editors: EditorInfo[]; showContacts: boolean }
  | { kind: 'editorscertificate'; journal: JournalInfo; items: EditorCertificateItem[]; issuedOn: string }
  | { kind: 'reviewercertificate'; journal: JournalInfo; items: ReviewerCertificateItem[] }
  | { kind: 'reviewercertificates'; journal: JournalInfo; items: ReviewerCertificateItem[]; year: number };

/**
 * The reference numbers of the articles a document is made of: what decides whether a reader may
 * still download it (docs/product.md#withdrawals).
 */
export function articleRefsOf(p: JobPayload): string[] {
  switch (p.kind) {
    case 'certificate':
    case 'bulkcertificates':
      return [...new Set(p.items.map((i) => i.article.refnumber))];
    case 'coverpage':
      return [p.article.refnumber];
    case 'indexpage':
      return p.articles.map((a) => a.refnumber);
    default:
      return [];
  }
}

export interface PdfJobData {
  journalId: string;
  /** The cache key: sha256 of kind, data and template version. It is also the job id. */
  key: string;
  filename: string;
  contentType: 'application/pdf' | 'application/zip';
  requestId?: string;
  payload: JobPayload;
}

export interface PdfJobResult {
  key: string;
  filename: string;
  contentType: string;
  size: number;
  /** Documents rendered (certificates in a zip, or 1). */
  documents: number;
}

export interface JobProgress {
  done: number;
  total: number;
}
