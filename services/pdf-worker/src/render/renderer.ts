import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';
import type { Logger } from '@journal/server-kit';
import pLimit from 'p-limit';
import pTimeout from 'p-timeout';
import { FIT_BOX, fitTextInPage } from './fit-text';

/**
 * The fitting step as the page runs it. A loader that keeps function names (tsx, which starts
 * worker processes from source in the tests and the benchmarks) wraps inner functions in a
 * `__name` helper the page does not have: the script brings its own.
 */
const FIT_IN_PAGE = `(() => { const __name = (f) => f; return (${fitTextInPage.toString()})(); })()`;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-extensions',
  '--disable-default-apps',
  '--mute-audio',
  '--font-render-hinting=none',
];

/** Marks every user-data-dir this service creates, so tests and operators can find its browsers. */
export const PROFILE_PREFIX = 'jp-pdf-chromium-';

export interface RendererOptions {
  executablePath: string;
  /** Pages printing at once. */
  concurrency: number;
  timeoutMs: number;
  /** Prints before the browser is replaced. */
  recycleAfter: number;
  logger: Logger;
}

interface Instance {
  browser: Browser;
  profile: string;
  idle: Page[];
  inFlight: number;
  prints: number;
  retiring: boolean;
  dead: boolean;
}

const withTimeout = <T>(p: Promise<T>, ms: number, what: string): Promise<T> => pTimeout(p, ms, `${what} timed out after ${ms} ms`);

// Kept rather than generic-pool: the pages belong to one browser replaced whole (after N prints or a crash), which a pool would have to be drained and rebuilt around; p-limit bounds the prints.
/**
 * One Chromium per process, its pages reused, a bounded number of prints at once, a timeout on
 * every print, and the browser replaced after N prints or when it crashes. Pages may load only
 * data: and about: URLs, and run no JavaScript: a template can reach neither the network nor files.
 */
export class Renderer {
  private current?: Instance;
  private launching?: Promise<Instance>;
  private readonly all = new Set<Instance>();
  /** At most `concurrency` prints at once; the rest wait their turn. */
  private readonly slots: pLimit.Limit;
  private closed = false;
  /** Prints done by this process; the tests and the benchmark read it. */
  prints = 0;
  launches = 0;

  constructor(private readonly opts: RendererOptions) {
    this.slots = pLimit(opts.concurrency);
  }

  private async launch(): Promise<Instance> {
    const profile = mkdtempSync(path.join(tmpdir(), PROFILE_PREFIX));
    let browser: Browser;
    try {
      browser = await puppeteer.launch({
        executablePath: this.opts.executablePath,
        headless: true,
        // A pipe instead of a port: when this process dies, even by SIGKILL, the pipe closes and
        // Chromium exits with it instead of lingering as an orphan.
        pipe: true,
        userDataDir: profile,
        args: CHROMIUM_ARGS,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        protocolTimeout: this.opts.timeoutMs + 5000,
        timeout: 30_000,
      });
    } catch (err) {
      rmSync(profile, { recursive: true, force: true });
      throw err;
    }
    this.launches++;
    const inst: Instance = { browser, profile, idle: [], inFlight: 0, prints: 0, retiring: false, dead: false };
    this.all.add(inst);
    browser.on('disconnected', () => {
      if (!inst.dead) this.opts.logger.warn({ pid: browser.process()?.pid }, 'chromium disconnected; a new one starts on the next print');
      inst.dead = true;
      if (this.current === inst) this.current = undefined;
      void this.dispose(inst);
    });
    return inst;
  }

  private async instance(): Promise<Instance> {
    if (this.closed) throw new Error('renderer is closed');
    if (this.current && !this.current.dead && !this.current.retiring) return this.current;
    if (!this.launching) {
      this.launching = this.launch().then(
        (i) => {
          this.current = i;
          this.launching = undefined;
          return i;
        },
        (e: unknown) => {
          this.launching = undefined;
          throw e;
        },
      );
    }
    return this.launching;
  }

  private async newPage(inst: Instance): Promise<Page> {
    const page = await inst.browser.newPage();
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (req: HTTPRequest) => {
      const url = req.url();
      if (url.startsWith('data:') || url.startsWith('about:')) void req.continue();
      else void req.abort('blockedbyclient');
    });
    return page;
  }

  /** Prints one HTML document to PDF bytes. */
  pdf(html: string, opts: { landscape?: boolean } = {}): Promise<Uint8Array> {
    return this.slots(() => this.print(html, opts));
  }

  private async print(html: string, opts: { landscape?: boolean }): Promise<Uint8Array> {
    let inst: Instance | undefined;
    let page: Page | undefined;
    let reusable = false;
    try {
      inst = await this.instance();
      // The instance may have been retired between launch and now; take the fresh one.
      while (inst.dead || inst.retiring) inst = await this.instance();
      inst.inFlight++;
      page = inst.idle.pop() ?? (await this.newPage(inst));
      const p = page;
      const bytes = await withTimeout(
        (async () => {
          await p.setContent(html, { waitUntil: 'load', timeout: this.opts.timeoutMs });
          // Fixed-size pages measure their texts into the page before the print (fit-text.ts).
          if (html.includes(FIT_BOX)) await p.evaluate(FIT_IN_PAGE);
          return p.pdf({ printBackground: true, preferCSSPageSize: true, landscape: opts.landscape, timeout: this.opts.timeoutMs });
        })(),
        this.opts.timeoutMs,
        'render',
      );
      reusable = true;
      this.prints++;
      inst.prints++;
      if (inst.prints >= this.opts.recycleAfter) inst.retiring = true;
      return bytes;
    } finally {
      if (inst) {
        inst.inFlight--;
        if (page && reusable && !inst.dead && !inst.retiring) inst.idle.push(page);
        else if (page) void page.close().catch(() => undefined);
        // A print that failed or timed out may have left Chromium hung: retire it (dispose kills it if it will not close).
        if (!reusable) inst.retiring = true;
        if (inst.retiring && inst.inFlight === 0) void this.dispose(inst);
      }
    }
  }

  /** Closes a browser, kills it if it does not close in time, and removes its profile. */
  private async dispose(inst: Instance): Promise<void> {
    if (!this.all.has(inst)) return;
    this.all.delete(inst);
    if (this.current === inst) this.current = undefined;
    inst.dead = true;
    const proc = inst.browser.process();
    try {
      await withTimeout(inst.browser.close(), 5000, 'browser close');
    } catch {
      // close hung or the browser had crashed: kill it; node reaps its own child.
      try {
        proc?.kill('SIGKILL');
      } catch {
        /* already gone */
      }
    }
    if (proc && proc.exitCode === null && proc.signalCode === null) {
      await new Promise<void>((r) => {
        const t = setTimeout(r, 3000);
        proc.once('exit', () => {
          clearTimeout(t);
          r();
        });
      });
    }
    rmSync(inst.profile, { recursive: true, force: true });
  }

  /** Pids of the browsers alive now. */
  pids(): number[] {
    return [...this.all].map((i) => i.browser.process()?.pid).filter((p): p is number => typeof p === 'number');
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.launching) await this.launching.catch(() => undefined);
    await Promise.all([...this.all].map((i) => this.dispose(i)));
  }
}
