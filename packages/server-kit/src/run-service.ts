import { createLogger } from './logger';
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
