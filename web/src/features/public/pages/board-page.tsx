import { Img } from '@/components/img';
import { PageTitle } from '@/components/page-title';
import { SafeHtml } from '@/components/safe-html';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { PageHead } from '../components/page-head';
import { editorPicture, useEditors, type Editor } from '../api/public.api';
import { useJournal } from '../components/use-journal';
import { isWebsite } from '@journal/contracts/website.rules';

const SECTIONS = [
  { category: 'chief editor', title: 'Editor-in-Chief' },
  { category: 'associate editor', title: 'Associate Editors' },
  { category: 'assistant editor', title: 'Assistant Editors' },
] as const;

const websiteHref = (w: string) => (/^https?:\/\//i.test(w) ? w : `https://${w}`);

function EditorCard({ e, contacts }: { e: Editor; contacts: boolean }) {
  return (
    <li className="editor-card">
      <Img
        src={editorPicture(e)}
        alt={`Photo of ${e.name}`}
        width="96"
        height="96"
        loading="lazy"
        fallback={<span className="avatar-fallback" aria-hidden="true">{e.name.replace(/^(Dr|Prof)\.?\s+/i, '').charAt(0)}</span>}
      />
      <div className="editor-body">
        <h3>
          {e.name}
          {e.degree && <span className="editor-degree">, {e.degree}</span>}
        </h3>
        {e.post && <SafeHtml className="editor-post" html={e.post} decode />}
        {e.content && <SafeHtml className="editor-affiliation" html={e.content} />}
        {e.country && <p className="editor-country">{e.country}</p>}
        {contacts && (e.email || e.phone || (e.editor_website && isWebsite(e.editor_website))) && (
          <ul className="editor-contacts">
            {e.email && (
              <li>
                Email: <a href={`mailto:${e.email}`}>{e.email}</a>
              </li>
            )}
            {e.phone && (
              <li>
                Phone: <a href={`tel:${e.phone.replace(/[^\d+]/g, '')}`}>{e.phone}</a>
              </li>
            )}
            {e.editor_website && isWebsite(e.editor_website) && (
              <li>
                Website:{' '}
                <a href={websiteHref(e.editor_website)} target="_blank" rel="noopener noreferrer">
                  {e.editor_website}
                </a>
              </li>
            )}
          </ul>
        )}
      </div>
    </li>
  );
}

/** docs/product.md#public-routes: /board: three sections, each only when non-empty; contacts per journal flag. */
export function BoardPage() {
  const { flags } = useJournal();
  const q = useEditors();
  const editors = q.data ?? [];
  return (
    <div className="container">
      <PageHead title="Editorial Board" />
      <PageTitle>EDITORIAL BOARD</PageTitle>
      {q.isLoading && <Loading />}
      {q.isError && <ErrorState>The editorial board could not be loaded.</ErrorState>}
      {q.isSuccess && editors.length === 0 && <EmptyState>The editorial board will be announced soon.</EmptyState>}
      {SECTIONS.map((s) => {
        const list = editors.filter((e) => e.category === s.category);
        if (!list.length) return null;
        return (
          <section key={s.category} className="board-section" aria-labelledby={`board-${s.category.replace(' ', '-')}`}>
            <h2 id={`board-${s.category.replace(' ', '-')}`}>{s.title}</h2>
            <ul className="editor-grid">
              {list.map((e) => (
                <EditorCard key={e.id} e={e} contacts={flags.showEditorContacts} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
