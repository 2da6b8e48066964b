import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import {
  ARTICLE_ADD_REQUIRED, articlePagePath, ARTICLE_EDIT_REQUIRED, ARTICLE_SOFT_REQUIRED, COPIED_MS, LICENSES, MAX_REFERENCES,
  PAYMENT_TYPES, TITLE_HINT_WORDS, countWords, frequencyPeriods, toAbbreviatedPeriod, toFullPeriod, type AdminArticle,
} from '@journal/contracts';
import { authorMessages, authorsPayload, listFromText, textFromList, type AuthorDraft } from '../lib/author-list';
import { AuthorsEditor } from './authors-editor';
import {
  ARTICLE_TEXT_FIELDS, articleMessages, type ArticleFormMode, type ArticleTextField, type ArticleValues,
} from '../lib/article-rules';
import { toPlainTitle } from '../lib/text';
import { RichTextEditor } from './rich-text-editor';
import { pickedFile } from '../lib/picked-file';

export type { ArticleFormMode, ArticleValues };

/** The rule the service applies to author names (isValidAuthorName), stated where they are typed. */
const AUTHOR_NAME_HINT = "Separate authors with commas. Letters (Latin or Devanagari), spaces and periods; a hyphen or apostrophe between two letters (Jean-Luc, O'Brien)";

interface Props {
  mode: ArticleFormMode;
  initial: ArticleValues;
  /** The stored author list (edit); absent, the list follows the typed author text. */
  initialAuthors?: AuthorDraft[];
  /** Last page used in the issue (add only): the hint and the first-page rule. */
  lastPage?: number;
  journalFrequency: string;
  busy: boolean;
  onSubmit: (form: FormData) => void;
  children?: ReactNode;
}

/** The add and edit article form (docs/product.md#article-rules), posted as multipart with the PDF as `pdfFile`. */
export function ArticleForm({ mode, initial, initialAuthors, lastPage, journalFrequency, busy, onSubmit, children }: Props) {
  const [v, setV] = useState<ArticleValues>(initial);
  const [authors, setAuthors] = useState<AuthorDraft[]>(() => initialAuthors ?? listFromText(initial.authorname, []));
  const [authorMsgs, setAuthorMsgs] = useState<Record<string, string>>({});
  // Every author this form has held: clearing the text and typing a name again brings back what was entered for it.
  const known = useRef<AuthorDraft[]>([]);
  useEffect(() => {
    known.current = [...authors, ...known.current.filter((k) => !authors.some((a) => a.given === k.given && a.family === k.family))];
  }, [authors]);
  const [file, setFile] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [messages, setMessages] = useState<Partial<Record<string, string>>>({});
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => setV(initial), [initial]);
  useEffect(() => setAuthors(initialAuthors ?? listFromText(initial.authorname, [])), [initialAuthors, initial.authorname]);

  const required: readonly string[] = mode === 'add' ? ARTICLE_ADD_REQUIRED : ARTICLE_EDIT_REQUIRED;
  const isEmpty = (f: string) => (f === 'file' ? !file : !String(v[f as ArticleTextField] ?? '').trim());
  const missing = required.filter(isEmpty);
  const red = (f: string) =>
    (submitted && required.includes(f) && isEmpty(f)) || ((ARTICLE_SOFT_REQUIRED as readonly string[]).includes(f) && isEmpty(f)) || !!messages[f];

  const setField = (f: ArticleTextField, value: string) => {
    // docs/product.md#structured-authors: the typed text and the list stay in step.
    if (f === 'authorname') setAuthors((prev) => listFromText(value, [...prev, ...known.current]));
    setV((prev) => {
      const next = { ...prev, [f]: value };
      if (submitted || messages[f]) setMessages(articleMessages(mode, next, lastPage));
      return next;
    });
  };
  const set = (f: ArticleTextField) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setField(f, e.target.value);

  function changeAuthors(next: AuthorDraft[]) {
    setAuthors(next);
    if (submitted) setAuthorMsgs(authorMessages(next));
    setV((prev) => {
      const updated = { ...prev, authorname: textFromList(next, prev.authorname) };
      if (submitted || messages.authorname) setMessages(articleMessages(mode, updated, lastPage));
      return updated;
    });
  }

  function pickFile(e: ChangeEvent<HTMLInputElement>) {
    setFile(pickedFile(e.target, 'pdf'));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const msgs = articleMessages(mode, v, lastPage);
    setMessages(msgs);
    const aMsgs = authorMessages(authors);
    setAuthorMsgs(aMsgs);
    // docs/product.md#article-rules: missing required fields turn red and the submission stops without a message.
    if (missing.length > 0 || Object.keys(msgs).length > 0 || Object.keys(aMsgs).length > 0) return;
    const form = new FormData();
    for (const f of ARTICLE_TEXT_FIELDS) if (v[f] !== undefined) form.append(f, v[f].trim());
    if (authors.length) form.append('authors', authorsPayload(authors));
    if (file) form.append('pdfFile', file, 'article.pdf');
    onSubmit(form);
  }

  const field = (f: ArticleTextField, label: string, input: ReactNode, hint?: ReactNode) => (
    <div className={red(f) ? 'field invalid' : 'field'} data-field={f}>
      <label htmlFor={`article-${f}`} id={`article-${f}-label`}>
        {label}
        {required.includes(f) && <span className="req"> *</span>}
      </label>
      {input}
      {hint && <small className="hint">{hint}</small>}
      {messages[f] && (
        <span className="field-error" role="alert">
          {messages[f]}
        </span>
      )}
    </div>
  );
  const text = (f: ArticleTextField, type = 'text') => (
    <input id={`article-${f}`} name={f} type={type} value={v[f] ?? ''} onChange={set(f)} />
  );

  const titleWords = countWords(toPlainTitle(v.title));
  const periods = frequencyPeriods(journalFrequency, mode === 'edit');

  return (
    <form className="article-form" onSubmit={submit} noValidate aria-label={mode === 'add' ? 'Add article' : 'Edit article'}>
      <div className="grid3">
        {field('year', 'Year', text('year'))}
        {field('volume', 'Volume', text('volume'))}
        {field('issue', 'Issue', text('issue'))}
      </div>
      {mode === 'edit' &&
        field(
          'frequency',
          'Month',
          <select id="article-frequency" name="frequency" value={v.frequency} onChange={set('frequency')}>
            <option value="">Select</option>
            {periods.map((p) => (
              <option key={p} value={toFullPeriod(p)}>
                {p}
              </option>
            ))}
            {v.frequency && !periods.map(toFullPeriod).includes(v.frequency) && (
              <option value={v.frequency}>{toAbbreviatedPeriod(v.frequency)}</option>
            )}
          </select>,
        )}
      {field('refnumber', 'Reference Number', text('refnumber'))}
      {field(
        'title',
        'Title',
        <RichTextEditor id="article-title" variant="title" value={v.title} onChange={(html) => setField('title', html)} labelledBy="article-title-label" invalid={red('title')} />,
        <span className={titleWords > TITLE_HINT_WORDS ? 'hint-over' : undefined}>
          Maximum {TITLE_HINT_WORDS} words ({titleWords} words)
        </span>,
      )}
      {field('authorname', 'Author Name', text('authorname'), AUTHOR_NAME_HINT)}
      <AuthorsEditor authors={authors} messages={authorMsgs} onChange={changeAuthors} />
      {field(
        'abstract',
        'Abstract',
        <RichTextEditor id="article-abstract" variant="rich" value={v.abstract} onChange={(html) => setField('abstract', html)} labelledBy="article-abstract-label" invalid={red('abstract')} />,
      )}
      {field('keywords', 'Keywords', text('keywords'))}
      {field('pagenumber', 'Page Number', text('pagenumber'), mode === 'add' && lastPage !== undefined ? `Last page: ${lastPage}` : 'e.g. 1-6')}
      {field('subject', 'Subject', text('subject'))}
      {field('country', 'Country', text('country'))}
      {field('doi', 'DOI', text('doi'), "Empty: made from the journal's DOI pattern")}
      {v.license !== undefined &&
        field(
          'license',
          'Licence',
          <select id="article-license" name="license" value={v.license} onChange={set('license')}>
            <option value="">The journal's default licence</option>
            {LICENSES.map((l) => (
              <option key={l.id} value={l.url}>
                {l.label}
              </option>
            ))}
          </select>,
        )}
      {v.references !== undefined &&
        field(
          'references',
          'References',
          <textarea id="article-references" name="references" rows={8} value={v.references} onChange={set('references')} />,
          `One reference a line, at most ${MAX_REFERENCES}; a DOI in a line is found by itself`,
        )}
      {field('email', 'Email', text('email', 'email'))}
      {field('mobile', 'Mobile', text('mobile'))}
      {field('txnid', 'Transaction ID', text('txnid'))}
      {field(
        'ptype',
        'Payment Type',
        <select id="article-ptype" name="ptype" value={v.ptype} onChange={set('ptype')}>
          {PAYMENT_TYPES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>,
      )}
      {field('publishdate', 'Certificate Date', text('publishdate', 'date'))}
      <div className={submitted && required.includes('file') && !file ? 'field invalid' : 'field'} data-field="file">
        <label htmlFor="article-file">
          PDF File{required.includes('file') && <span className="req"> *</span>}
        </label>
        <input id="article-file" ref={fileRef} name="pdfFile" type="file" accept="application/pdf,.pdf" onChange={pickFile} />
        <small className="hint">{mode === 'edit' ? 'Optional: choose a PDF to replace the current one. ' : ''}PDF only, up to 5 MB</small>
      </div>
      {children}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving…' : 'Submit'}
      </button>
    </form>
  );
}

/** docs/product.md#admin-area: the author message with links, and its Copy button ('Copied!' for 2 s). */
export function AuthorMessage({ article, siteName }: { article: AdminArticle; siteName: string }) {
  const [copied, setCopied] = useState(false);
  const origin = window.location.origin;
  const articleUrl = origin + articlePagePath(article);
  const downloadsUrl = `${origin}/pdf?refno=${encodeURIComponent(article.refnumber)}`;
  const message = [
    'Dear Author,',
    '',
    `Your article "${toPlainTitle(article.title)}" has been published in ${siteName}, Volume ${article.volume}, Issue ${article.issue}, ${article.year}.`,
    '',
    `Article link: ${articleUrl}`,
    `Download your article, certificate, cover page and editorial board: ${downloadsUrl}`,
    '',
    'Thank you.',
  ].join('\n');

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(message);
    } catch {
      const ta = document.createElement('textarea');
      ta.value = message;
      document.body.appendChild(ta);
      ta.select();
      document.execCommand('copy');
      ta.remove();
    }
    setCopied(true);
  }

  return (
    <div className="author-message" aria-label="Author message">
      <pre>{message}</pre>
      <p>
        <a href={articleUrl} target="_blank" rel="noreferrer">
          {articleUrl}
        </a>
        <br />
        <a href={downloadsUrl} target="_blank" rel="noreferrer">
          {downloadsUrl}
        </a>
      </p>
      <button type="button" className="btn" onClick={copy}>
        {copied ? 'Copied!' : 'Copy'}
      </button>
    </div>
  );
}
