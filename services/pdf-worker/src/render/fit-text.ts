/**
 * The measured fitting step of fixed-size pages (certificates, cover pages; docs/product.md#documents).
 * Runs in the printed page through `page.evaluate` (the page's own scripts stay disabled), after
 * the fonts are laid out and before the print. Markup: a fixed box `data-fit-box`, and inside it
 * the texts that may shrink, `data-fit-min="{pt}"`, shrunk in the order they are listed by
 * `data-fit-order` (lowest first: the title before the name), each to the largest size at which the
 * box no longer overflows, never below its minimum. Texts wrap at any character rather than run
 * past the box's sides. What is still too long at every minimum (only stored before the form's
 * limits) goes on shrinking, all texts together, down to half their minimums, so nothing is ever
 * cut; such a box is marked `data-fit-below-min` and counted. Self-contained: it is serialised
 * into the page.
 */
/** The attribute of a box whose texts are fitted; a document without one is printed as it is. */
export const FIT_BOX = 'data-fit-box';

/** What the step reads and sets of the page: the few DOM members, typed here (the service has no DOM library). */
interface FitElement {
  scrollHeight: number;
  clientHeight: number;
  scrollWidth: number;
  clientWidth: number;
  dataset: Record<string, string | undefined>;
  style: { fontSize: string };
  querySelectorAll(selector: string): ArrayLike<FitElement>;
}
declare const document: { querySelectorAll(selector: string): ArrayLike<FitElement> };
declare function getComputedStyle(el: FitElement): { fontSize: string };

export function fitTextInPage(): { boxes: number; shrunk: number; belowMin: number } {
  const PX_PER_PT = 96 / 72;
  const result = { boxes: 0, shrunk: 0, belowMin: 0 };
  const boxes = Array.from(document.querySelectorAll('[data-fit-box]'));
  for (const box of boxes) {
    result.boxes++;
    const fits = () => box.scrollHeight <= box.clientHeight + 1 && box.scrollWidth <= box.clientWidth + 1;
    if (fits()) continue;
    result.shrunk++;
    const texts = Array.from(box.querySelectorAll('[data-fit-min]'))
      .map((el) => ({ el, start: parseFloat(getComputedStyle(el).fontSize), min: Number(el.dataset.fitMin) * PX_PER_PT, order: Number(el.dataset.fitOrder ?? 0) }))
      .sort((a, b) => a.order - b.order);
    const size = (el: FitElement, px: number) => (el.style.fontSize = `${px.toFixed(2)}px`);
    for (const t of texts) {
      if (t.start <= t.min) continue;
      size(t.el, t.min);
      if (!fits()) continue;
      // The largest size that fits, to a tenth of a pixel.
      let lo = t.min;
      let hi = t.start;
      while (hi - lo > 0.1) {
        const mid = (lo + hi) / 2;
        size(t.el, mid);
        if (fits()) lo = mid;
        else hi = mid;
      }
      size(t.el, lo);
      break;
    }
    if (fits()) continue;
    result.belowMin++;
    box.dataset.fitBelowMin = '';
    let lo = 0.5;
    let hi = 1;
    const scale = (s: number) => texts.forEach((t) => size(t.el, Math.min(t.start, t.min) * s));
    while (hi - lo > 0.01) {
      const mid = (lo + hi) / 2;
      scale(mid);
      if (fits()) lo = mid;
      else hi = mid;
    }
    scale(lo);
  }
  return result;
}
