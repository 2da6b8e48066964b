import { Writable } from 'node:stream';
import pino from 'pino';
import { warmUp } from '../src/run-service';

/** A logger whose lines the test reads back. */
function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

describe('warmUp', () => {
  const exitCode = process.exitCode;
  afterEach(() => {
    process.exitCode = exitCode;
  });

  it('logs ready with the time to ready and the figures of the load', async () => {
    const { logger, lines } = capture();
    await warmUp(logger, 'svc', 'svc failed', async () => ({ indexesMs: 12 }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'svc ready', indexesMs: 12, level: 30 });
    expect(lines[0]!.timeToReadyMs).toBeGreaterThan(0);
    expect(process.exitCode).toBe(exitCode);
  });

  it('logs a failed load as fatal, sets a failing exit code and rejects with its error', async () => {
    const { logger, lines } = capture();
    const boom = new Error('no indexes');
    await expect(warmUp(logger, 'svc', 'svc failed', () => Promise.reject(boom))).rejects.toBe(boom);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'svc failed', level: 60, err: { message: 'no indexes' } });
    expect(process.exitCode).toBe(1);
  });
});
