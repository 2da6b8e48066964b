import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

let destination: (DestinationStream & { flushSync(): void }) | undefined;

/**
 * One asynchronous stdout writer per process: a log line never blocks a request on a slow pipe or
 * disk. What is buffered is written out synchronously when the process exits, so the last lines
 * (a fatal error before `process.exit`) are not lost.
 */
function stdout() {
  if (destination) return destination;
  const dest = pino.destination({ dest: 1, sync: false });
  process.on('exit', () => {
    try {
      dest.flushSync();
    } catch {
      /* stdout already closed */
    }
  });
  destination = dest;
  return dest;
}

/** `stderr`: for command-line tools, whose stdout carries their answer. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info', to: 'stdout' | 'stderr' = 'stdout'): Logger {
  return pino(
    {
      name: service,
      level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'password'], censor: '[redacted]' },
    },
    level === 'silent' ? undefined : to === 'stderr' ? pino.destination({ dest: 2, sync: true }) : stdout(),
  );
}
