/**
 * Retries an assertion every 50 ms, `tries` times at most, for news that arrives asynchronously
 * (another replica, a change feed); the last failure is thrown.
 */
export async function eventually<T>(check: () => Promise<T>, tries = 100): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await check();
    } catch (err) {
      if (i >= tries) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/**
 * Holds every call of `target[name]` (a prototype's method) until `open()`, so that a probe
 * certainly comes while the held work runs; `restore()` opens the gate and puts the method back.
 */
export function holdCalls<T extends object, K extends keyof T>(target: T, name: K) {
  const original = target[name] as unknown as (...args: unknown[]) => unknown;
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  target[name] = async function held(this: unknown, ...args: unknown[]) {
    await gate;
    return original.apply(this, args);
  } as T[K];
  return {
    open,
    restore: () => {
      target[name] = original as unknown as T[K];
      open();
    },
  };
}
