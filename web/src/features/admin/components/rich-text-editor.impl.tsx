import { useEffect, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Node } from '@tiptap/core';
import { Fragment, Slice, type Node as PmNode } from '@tiptap/pm/model';
import StarterKit from '@tiptap/starter-kit';
import Subscript from '@tiptap/extension-subscript';
import Superscript from '@tiptap/extension-superscript';
import { sanitizeRich, sanitizeTitle } from '@/lib/sanitize';

/**
 * What each field may contain, matching the server's allow-list exactly:
 * - title: italic, sub- and superscript on one line (article titles);
 * - inline: bold, italic, underline, sub- and superscript on one line (the journal's HTML name);
 * - rich: paragraphs, headings, lists, quotes, links and the inline marks (abstracts, home content).
 */
export type RichTextVariant = 'title' | 'inline' | 'rich';

interface Props {
  id: string;
  value: string;
  onChange: (html: string) => void;
  variant: RichTextVariant;
  /** The id of the field's visible label. */
  labelledBy?: string;
  invalid?: boolean;
}

/** One paragraph and nothing else: titles and names are a single line. */
const OneLine = Node.create({ name: 'doc', topNode: true, content: 'paragraph' });

function extensions(variant: RichTextVariant) {
  const inline = variant !== 'rich';
  return [
    ...(inline ? [OneLine] : []),
    StarterKit.configure({
      document: inline ? false : undefined,
      bold: variant === 'title' ? false : undefined,
      underline: variant === 'title' ? false : undefined,
      heading: inline ? false : { levels: [2, 3, 4] },
      bulletList: inline ? false : undefined,
      orderedList: inline ? false : undefined,
      listItem: inline ? false : undefined,
      listKeymap: inline ? false : undefined,
      blockquote: inline ? false : undefined,
      codeBlock: false,
      code: false,
      strike: inline ? false : undefined,
      horizontalRule: inline ? false : undefined,
      hardBreak: inline ? false : undefined,
      trailingNode: false,
      link: inline ? false : { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'], defaultProtocol: 'https' },
    }),
    Subscript,
    Superscript,
  ];
}

/** The editor's HTML in the stored form: one-line variants without the paragraph, empty as ''. */
export function editorHtml(html: string, variant: RichTextVariant): string {
  if (variant === 'rich') {
    const clean = sanitizeRich(html);
    return clean === '<p></p>' ? '' : clean;
  }
  const inner = html.replace(/^<p>/, '').replace(/<\/p>$/, '');
  return variant === 'title' ? sanitizeTitle(inner) : sanitizeRich(inner);
}

/**
 * A paste into a one-line field becomes one line: the pasted blocks' text joined with spaces. A
 * one-paragraph document would otherwise keep only the first block and drop the rest unseen.
 */
function oneLinePaste(slice: Slice): Slice {
  const blocks: PmNode[] = [];
  slice.content.descendants((node) => {
    if (!node.isTextblock) return true;
    blocks.push(node);
    return false;
  });
  if (blocks.length < 2) return slice;
  const schema = blocks[0]!.type.schema;
  const inline: PmNode[] = [];
  blocks.forEach((block, i) => {
    if (i > 0 && block.content.size > 0 && inline.length > 0) inline.push(schema.text(' '));
    block.content.forEach((n) => inline.push(n));
  });
  return new Slice(Fragment.from(schema.nodes.paragraph!.create(null, inline)), 1, 1);
}

/** Stored text as the editor loads it: one-line values get their paragraph back. */
const toEditor = (value: string, variant: RichTextVariant) => (variant === 'rich' ? value : `<p>${value}</p>`);

/**
 * A toolbar button: its glyph is what sighted users see, its name ('Subscript') what assistive
 * technology reads; the glyph is hidden from the latter, so name and visible label never disagree.
 */
function Button({ editor, label, title, active, run }: { editor: Editor; label: ReactNode; title: string; active: boolean; run: () => void }) {
  return (
    <button
      type="button"
      className={active ? 'rte-btn active' : 'rte-btn'}
      aria-pressed={active}
      title={title}
      disabled={!editor.isEditable}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
    >
      <span aria-hidden="true">{label}</span>
      <span className="rte-name">{title}</span>
    </button>
  );
}

/** A chain link drawn as lines: every system shows it (an emoji needs a font many have not). */
const LINK_ICON = (
  <svg className="rte-icon" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5" />
    <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />
  </svg>
);

function Toolbar({ editor, variant }: { editor: Editor; variant: RichTextVariant }) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'), italic: e.isActive('italic'), underline: e.isActive('underline'), sub: e.isActive('subscript'),
      sup: e.isActive('superscript'), h2: e.isActive('heading', { level: 2 }), h3: e.isActive('heading', { level: 3 }),
      ul: e.isActive('bulletList'), ol: e.isActive('orderedList'), quote: e.isActive('blockquote'), link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  function link() {
    const previous = editor.getAttributes('link').href as string | undefined;
    const url = window.prompt('Link address (https://…, mailto:…)', previous ?? 'https://');
    if (url === null) return;
    if (url.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else if (/^(https?:|mailto:|tel:)/i.test(url.trim())) chain().extendMarkRange('link').setLink({ href: url.trim() }).run();
    else window.alert('Links must start with https://, http://, mailto: or tel:');
  }
  return (
    <div className="rte-toolbar" role="toolbar" aria-label="Formatting">
      {variant !== 'title' && <Button editor={editor} label={<b>B</b>} title="Bold" active={s.bold} run={() => chain().toggleBold().run()} />}
      <Button editor={editor} label={<i>I</i>} title="Italic" active={s.italic} run={() => chain().toggleItalic().run()} />
      {variant !== 'title' && <Button editor={editor} label={<u>U</u>} title="Underline" active={s.underline} run={() => chain().toggleUnderline().run()} />}
      <Button editor={editor} label={<>X<sub>2</sub></>} title="Subscript" active={s.sub} run={() => chain().toggleSubscript().run()} />
      <Button editor={editor} label={<>X<sup>2</sup></>} title="Superscript" active={s.sup} run={() => chain().toggleSuperscript().run()} />
      {variant === 'rich' && (
        <>
          <Button editor={editor} label="H2" title="Heading" active={s.h2} run={() => chain().toggleHeading({ level: 2 }).run()} />
          <Button editor={editor} label="H3" title="Subheading" active={s.h3} run={() => chain().toggleHeading({ level: 3 }).run()} />
          <Button editor={editor} label="•" title="Bulleted list" active={s.ul} run={() => chain().toggleBulletList().run()} />
          <Button editor={editor} label="1." title="Numbered list" active={s.ol} run={() => chain().toggleOrderedList().run()} />
          <Button editor={editor} label="“" title="Quote" active={s.quote} run={() => chain().toggleBlockquote().run()} />
          <Button editor={editor} label={LINK_ICON} title="Link" active={s.link} run={link} />
        </>
      )}
    </div>
  );
}

/** A rich-text field producing exactly the HTML the server keeps for it. */
export function RichTextEditor({ id, value, onChange, variant, labelledBy, invalid }: Props) {
  const editor = useEditor({
    extensions: extensions(variant),
    content: toEditor(value, variant),
    immediatelyRender: true,
    editorProps: {
      ...(variant === 'rich' ? {} : { transformPasted: oneLinePaste }),
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': variant === 'rich' ? 'true' : 'false',
        ...(labelledBy ? { 'aria-labelledby': labelledBy } : {}),
        class: `rte-content rte-${variant}`,
        'data-testid': id,
      },
    },
    onUpdate: ({ editor: e }) => onChange(editorHtml(e.getHTML(), variant)),
  });

  // A value set from outside (a loaded record, a reset) replaces the content; typing does not loop.
  // (React may hand an editor that an unmount has already destroyed: it has no schema any more.)
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (editorHtml(editor.getHTML(), variant) !== value) editor.commands.setContent(toEditor(value, variant), { emitUpdate: false });
  }, [editor, value, variant]);

  if (!editor || editor.isDestroyed) return null;
  return (
    <div className={invalid ? 'rte invalid' : 'rte'}>
      <Toolbar editor={editor} variant={variant} />
      <EditorContent editor={editor} />
    </div>
  );
}
