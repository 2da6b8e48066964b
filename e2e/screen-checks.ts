/**
 * The checks every staff screen gets (docs/product.md#layout): shown until loaded, nothing past
 * the window's right edge, and axe with every rule, the experimental ones included.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core'), 'utf8');

/** Shows the screen and waits until it has loaded what it shows (no loading state, the network quiet). */
export async function show(p: Page, url: string) {
  await p.goto(url, { waitUntil: 'networkidle0' });
  await p.waitForFunction(() => !document.querySelector('.state-loading, [aria-busy=true]'), { timeout: 20_000 }).catch(() => undefined);
  await p.waitForNetworkIdle({ idleTime: 200, timeout: 10_000 }).catch(() => undefined);
}

/**
 * What runs past the window's right edge: the page's own scroll width, and the elements whose box
 * ends beyond the window and are not inside a box that scrolls or clips them within it.
 */
export const overflow = (p: Page) =>
  p.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const held = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().right <= vw + 1) return true;
      }
      return false;
    };
    const past: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= vw + 1) continue;
      if (getComputedStyle(el).visibility === 'hidden' || held(el)) continue;
      past.push(`${name(el)} ends at ${Math.round(r.right)}px`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, width: vw, past: past.slice(0, 6) };
  });

/** Every axe violation, whatever its impact, with the experimental rules on. */
export async function axeViolations(p: Page) {
  await p.evaluate(AXE_SOURCE);
  return p.evaluate(async () => {
    type Axe = {
      getRules(tags: string[]): { ruleId: string }[];
      run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
    };
    const axe = (window as unknown as { axe: Axe }).axe;
    const rules = Object.fromEntries(axe.getRules(['experimental']).map((r) => [r.ruleId, { enabled: true }]));
    const r = await axe.run(document, { resultTypes: ['violations'], rules });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
}
