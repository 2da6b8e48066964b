/**
 * @jest-environment jsdom
 */
import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { RichTextEditor, type RichTextVariant } from './rich-text-editor';

// jsdom lays nothing out; ProseMirror measures the selection to scroll it into view after a paste.
beforeAll(() => {
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) };
  Object.assign(Range.prototype, { getClientRects: () => [], getBoundingClientRect: () => rect });
  Object.assign(document, { elementFromPoint: () => null });
});

// The field as the forms hold it: the value is the editor's last output, and every output is kept.
let outputs: string[] = [];
beforeEach(() => {
  outputs = [];
});
function Field({ variant, initial, invalid }: { variant: RichTextVariant; initial: string; invalid?: boolean }) {
  const [value, setValue] = useState(initial);
  const change = (html: string) => {
    outputs.push(html);
    setValue(html);
  };
  return (
    <>
      <span id="field-label">Title</span>
      <RichTextEditor id="field" value={value} variant={variant} labelledBy="field-label" invalid={invalid} onChange={change} />
    </>
  );
}

async function show(variant: RichTextVariant, initial = '', invalid?: boolean) {
  render(<Field variant={variant} initial={initial} invalid={invalid} />);
  return screen.findByRole('textbox', { name: 'Title' });
}

/** What the browser does when HTML (or, with `plain`, only text) is pasted into the field. */
function paste(box: HTMLElement, html: string, plain = false) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  const text = html.replace(/<[^>]*>/g, '');
  const data: Record<string, string> = plain ? { 'text/plain': text } : { 'text/html': html, 'text/plain': text };
  Object.assign(event, { clipboardData: { getData: (type: string) => data[type] ?? '' } });
  act(() => {
    box.focus();
    box.dispatchEvent(event);
  });
}
const lastOutput = async () => {
  await waitFor(() => expect(outputs.length).toBeGreaterThan(0));
  return outputs.at(-1);
};

const toolbar = () => within(screen.getByRole('toolbar', { name: 'Formatting' }));
const buttonNames = () => toolbar().getAllByRole('button').map((b) => b.getAttribute('title'));

describe('rich text editor', () => {
  test('is loaded when first shown: a busy placeholder, then the editor named by its label', async () => {
    render(<Field variant="rich" initial="<p>Soil microbes</p>" />);
    const loading = screen.getByText('Loading editor…');
    expect([loading.className, loading.getAttribute('aria-busy')]).toEqual(['rte rte-loading', 'true']);
    expect(screen.queryByRole('textbox')).toBeNull();

    const box = await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.queryByText('Loading editor…')).toBeNull();
    expect([box.id, box.getAttribute('aria-multiline'), box.getAttribute('contenteditable')]).toEqual(['field', 'true', 'true']);
    expect(box.innerHTML).toBe('<p>Soil microbes</p>');
    expect(box.closest('.rte')?.className).toBe('rte');
  });

  test('each kind of field offers only the formatting it may keep', async () => {
    await show('title');
    expect(buttonNames()).toEqual(['Italic', 'Subscript', 'Superscript']);
    document.body.innerHTML = '';
    await show('inline');
    expect(buttonNames()).toEqual(['Bold', 'Italic', 'Underline', 'Subscript', 'Superscript']);
    document.body.innerHTML = '';
    await show('rich');
    expect(buttonNames()).toEqual(['Bold', 'Italic', 'Underline', 'Subscript', 'Superscript', 'Heading', 'Subheading', 'Bulleted list', 'Numbered list', 'Quote', 'Link']);
  });

  test('a title is one line that keeps italics, sub- and superscript, and nothing else', async () => {
    const box = await show('title');
    expect(box.getAttribute('aria-multiline')).toBe('false');
    paste(box, '<h1>Soil <b>microbes</b> and <i>E. coli</i> in H<sub>2</sub>O at 10<sup>3</sup></h1><script>alert(1)</script><p>second <u>line</u></p>');
    expect(await lastOutput()).toBe('Soil microbes and <em>E. coli</em> in H<sub>2</sub>O at 10<sup>3</sup> second line');
  });

  test('text pasted over several lines into a title is kept, on one line', async () => {
    const box = await show('title');
    paste(box, 'Soil microbes\nof rice fields\n\nin Kerala', true);
    expect(await lastOutput()).toBe('Soil microbes of rice fields in Kerala');
  });

  test('rich text comes out sanitised: no scripts, handlers, unsafe links or stray attributes', async () => {
    const box = await show('rich');
    paste(
      box,
      '<p>See <a href="javascript:alert(1)" onclick="steal()">this</a> and <a href="https://example.org/" class="promo" style="color:red">that</a>' +
        '<img src="x" onerror="alert(1)"><script>alert(1)</script> <b data-x="1">now</b></p>',
    );
    expect(await lastOutput()).toBe(
      '<p>See this and <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/">that</a> <strong>now</strong></p>',
    );
    // The editor itself may hold more than is kept (its own class on the link): the output is what counts.
    expect(outputs.join('')).not.toMatch(/script|onerror|onclick|javascript:|class=|style=|data-x/);
  });

  test('a value set from outside is shown as the field keeps it, and an invalid field says so', async () => {
    const box = await show('title', '<i>Bacillus</i> in soil', true);
    expect(box.innerHTML).toBe('<p><em>Bacillus</em> in soil</p>');
    expect(box.closest('.rte')?.className).toBe('rte invalid');
    // Showing a stored value is not an edit.
    expect(outputs).toEqual([]);
  });
});
