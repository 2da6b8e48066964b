/*
 * Preloaded into the render process by bench/render-profile.ts (`node --require`): what its event
 * loop and garbage collector did while it was under load, written to RENDER_PROBE_OUT when the
 * process is told to stop. A page waits behind every task the loop runs before it and behind every
 * collection; these say how long those waits were.
 */
const { monitorEventLoopDelay, PerformanceObserver } = require('node:perf_hooks');
const { writeFileSync } = require('node:fs');

const out = process.env.RENDER_PROBE_OUT;
if (out) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const gc = { count: 0, totalMs: 0, maxMs: 0, major: 0, majorMs: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gc.count++;
      gc.totalMs += e.duration;
      gc.maxMs = Math.max(gc.maxMs, e.duration);
      // kind 2: mark-sweep-compact (major); 1: scavenge (minor)
      if (e.detail && e.detail.kind === 2) {
        gc.major++;
        gc.majorMs += e.duration;
      }
    }
  }).observe({ entryTypes: ['gc'] });
  // Reset by the bench at the start of the measured load (SIGUSR2), written at SIGTERM.
  process.on('SIGUSR2', () => {
    loop.reset();
    Object.assign(gc, { count: 0, totalMs: 0, maxMs: 0, major: 0, majorMs: 0 });
    loop.enable();
  });
  process.prependListener('SIGTERM', () => {
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    writeFileSync(out, JSON.stringify({
      loopDelay: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max), mean: ms(loop.mean) },
      gc: { ...gc, totalMs: Math.round(gc.totalMs), maxMs: Math.round(gc.maxMs * 10) / 10, majorMs: Math.round(gc.majorMs) },
    }));
  });
}
