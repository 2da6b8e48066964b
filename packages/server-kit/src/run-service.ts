import { createLogger, type Logger } from './logger';
import { onShutdown } from './http';

/**
 * A process entry point: reads the config (a bad one ends the process with the list of what is
 * wrong), starts, and stops gracefully on SIGTERM/SIGINT.
 */
export function runService<C>(name: string, readConfig: () => C, start: (config: C) => Promise<{ stop(): Promise<void> }>): void {
  const logger = createLogger(name);
  let config: C;
  try {
    config = readConfig();
  } catch (err) {
    logger.fatal((err as Error).message);
    process.exit(1);
  }
  start(config).then(
    (app) => onShutdown(logger, app.stop),
    (err: unknown) => {
      logger.fatal({ err }, `${name} failed to start`);
      process.exit(1);
    },
  );
}

/**
 * What a service loads after it listens and before it takes traffic (read models, indexes): logs
 * `<name> ready` with the time to ready and the figures `load` answers, or, when the load fails,
 * logs `failure` as fatal and sets a failing exit code: without what it loads the process must not
 * take traffic, so it ends and is restarted. The returned promise rejects with the load's error.
 */
export function warmUp(logger: Logger, name: string, failure: string, load: () => Promise<Record<string, number>>): Promise<void> {
  return load().then(
    (figures) => logger.info({ timeToReadyMs: Math.round(performance.now()), ...figures }, `${name} ready`),
    (err: unknown) => {
      logger.fatal({ err }, failure);
      process.exitCode = 1;
      throw err;
    },
  );
}
