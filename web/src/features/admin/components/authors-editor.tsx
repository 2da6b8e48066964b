import { useId } from 'react';
import { emptyAuthor, moveAuthor, type AuthorDraft } from '../lib/author-list';

interface Props {
  authors: AuthorDraft[];
  /** Messages by path ('0.orcid'), shown under their inputs. */
  messages: Record<string, string>;
  onChange: (next: AuthorDraft[]) => void;
}

/**
 * docs/product.md#structured-authors: the article's authors in order, each with given and family
 * names, ORCID iD, affiliations (with an optional ROR id), corresponding flag and e-mail (never
 * shown publicly). Authors are added, moved and removed here.
 */
export function AuthorsEditor({ authors, messages, onChange }: Props) {
  const set = (i: number, patch: Partial<AuthorDraft>) => onChange(authors.map((a, k) => (k === i ? { ...a, ...patch, review: undefined } : a)));
  const setAff = (i: number, j: number, patch: Partial<AuthorDraft['affiliations'][number]>) =>
    set(i, { affiliations: authors[i]!.affiliations.map((f, k) => (k === j ? { ...f, ...patch } : f)) });
  // The message sits inside the label for layout; the input is named by the label's text alone and
  // described by its message, so its name does not change when it becomes invalid.
  const uid = useId();
  const ids = (path: string) => ({ label: `${uid}${path}-label`, msg: `${uid}${path}-msg` });
  const named = (path: string) => ({
    'aria-labelledby': ids(path).label,
    'aria-invalid': messages[path] ? true : undefined,
    'aria-describedby': messages[path] ? ids(path).msg : undefined,
  });
  const labelText = (path: string, text: string) => <span id={ids(path).label}>{text}</span>;
  const msg = (path: string) =>
    messages[path] ? (
      <span id={ids(path).msg} className="field-error" role="alert">
        {messages[path]}
      </span>
    ) : null;
  const input = (i: number, key: 'given' | 'family' | 'orcid' | 'email', label: string, placeholder = '') => (
    <label className={messages[`${i}.${key}`] ? 'field invalid' : 'field'}>
      {labelText(`${i}.${key}`, label)}
      <input
        type={key === 'email' ? 'email' : 'text'}
        value={authors[i]![key]}
        placeholder={placeholder}
        onChange={(e) => set(i, { [key]: e.target.value })}
        {...named(`${i}.${key}`)}
      />
      {msg(`${i}.${key}`)}
    </label>
  );

  return (
    <fieldset className="authors-editor" aria-label="Authors">
      <legend>Authors</legend>
      <ol>
        {authors.map((a, i) => (
          <li key={i} className="author-row" aria-label={`Author ${i + 1}`}>
            {a.review && <p className="hint">Check this name: it was split from the author text.</p>}
            <div className="grid3">
              {input(i, 'given', 'Given names')}
              {input(i, 'family', 'Family name')}
              {input(i, 'orcid', 'ORCID iD', '0000-0000-0000-000X')}
            </div>
            <div className="grid3">
              {input(i, 'email', 'E-mail (not public)')}
              <label className="field check">
                <input type="checkbox" checked={a.corresponding} onChange={(e) => set(i, { corresponding: e.target.checked })} /> Corresponding author
              </label>
            </div>
            {a.affiliations.map((f, j) => (
              <div className="grid3 affiliation" key={j} aria-label={`Affiliation ${j + 1} of author ${i + 1}`}>
                <label className={messages[`${i}.affiliations.${j}.name`] ? 'field invalid' : 'field'}>
                  {labelText(`${i}.affiliations.${j}.name`, 'Affiliation')}
                  <input type="text" value={f.name} onChange={(e) => setAff(i, j, { name: e.target.value })} {...named(`${i}.affiliations.${j}.name`)} />
                  {msg(`${i}.affiliations.${j}.name`)}
                </label>
                <label className={messages[`${i}.affiliations.${j}.ror`] ? 'field invalid' : 'field'}>
                  {labelText(`${i}.affiliations.${j}.ror`, 'ROR id')}
                  <input
                    type="text"
                    value={f.ror}
                    placeholder="https://ror.org/0abcde123"
                    onChange={(e) => setAff(i, j, { ror: e.target.value })}
                    {...named(`${i}.affiliations.${j}.ror`)}
                  />
                  {msg(`${i}.affiliations.${j}.ror`)}
                </label>
                <button type="button" className="btn" onClick={() => set(i, { affiliations: a.affiliations.filter((_, k) => k !== j) })}>
                  Remove affiliation
                </button>
              </div>
            ))}
            <p className="author-actions">
              <button type="button" className="btn" onClick={() => set(i, { affiliations: [...a.affiliations, { name: '', ror: '' }] })}>
                Add affiliation
              </button>{' '}
              <button type="button" className="btn" disabled={i === 0} onClick={() => onChange(moveAuthor(authors, i, i - 1))} aria-label={`Move author ${i + 1} up`}>
                ↑
              </button>{' '}
              <button type="button" className="btn" disabled={i === authors.length - 1} onClick={() => onChange(moveAuthor(authors, i, i + 1))} aria-label={`Move author ${i + 1} down`}>
                ↓
              </button>{' '}
              <button type="button" className="btn" onClick={() => onChange(authors.filter((_, k) => k !== i))} aria-label={`Remove author ${i + 1}`}>
                Remove
              </button>
            </p>
          </li>
        ))}
      </ol>
      <button type="button" className="btn" onClick={() => onChange([...authors, emptyAuthor()])}>
        Add author
      </button>
    </fieldset>
  );
}
