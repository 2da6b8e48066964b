/**
 * Retries an assertion every 50 ms, `tries` times at most, for news that arrives asynchronously
 * (another replica, a change feed); the last failure is thrown.
 */
export async function eventually<T>(check: () => Promise<T> | T, tries = 100): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await check();
    } catch (err) {
      if (i >= tries) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Polls `condition` every `everyMs` until it holds; throws naming `what` after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000, everyMs = 20): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Waits until the wall clock is in a later second than `epochSeconds`: for rules that are about
 * time itself (a session revoked "from this second on", a JWT's whole-second `iat`), where the
 * condition is the clock and no state of the system can be polled instead.
 */
export const clockPastSecond = (epochSeconds: number) =>
  until(() => Math.floor(Date.now() / 1000) > epochSeconds, `the clock to pass second ${epochSeconds}`, 5_000, 10);

/**
 * A gate: work that awaits `passed` waits until `open()`; a test holds a stand-in's answer with it
 * so that what comes meanwhile certainly comes while that answer is on its way.
 */
export function gate() {
  let open!: () => void;
  const passed = new Promise<void>((r) => (open = r));
  return { passed, open };
}

/**
 * Holds every call of `target[name]` (a prototype's method) until `open()`, so that a probe
 * certainly comes while the held work runs; `restore()` opens the gate and puts the method back.
 */
export function holdCalls<T extends object, K extends keyof T>(target: T, name: K) {
  const original = target[name] as unknown as (...args: unknown[]) => unknown;
  const g = gate();
  target[name] = async function held(this: unknown, ...args: unknown[]) {
    await g.passed;
    return original.apply(this, args);
  } as T[K];
  return {
    open: g.open,
    restore: () => {
      target[name] = original as unknown as T[K];
      g.open();
    },
  };
}

/**
 * Records what every call of `target[name]` returns (a promise, for async work started in the
 * background), so a test waits for exactly that work: `await Promise.all(t.calls)`.
 * `restore()` puts the method back.
 */
export function trackCalls<T extends object, K extends keyof T>(target: T, name: K) {
  const original = target[name] as unknown as (...args: unknown[]) => unknown;
  const calls: unknown[] = [];
  target[name] = function tracked(this: unknown, ...args: unknown[]) {
    const out = original.apply(this, args);
    calls.push(out);
    return out;
  } as T[K];
  return { calls, restore: () => void (target[name] = original as unknown as T[K]) };
}

/**
 * The one deliberate pause of the suites, for a test that models a span of time itself (the
 * preStop sleep of a rolling update, a rule's time window) where no state can be polled instead;
 * `why` says what the span stands for, so the reader knows it is not a wait for a condition.
 */
export const modelledPause = (ms: number, why: string): Promise<void> => {
  void why;
  return new Promise((r) => setTimeout(r, ms));
};
