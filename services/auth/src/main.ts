import { createLogger, onShutdown } from '@journal/common';
import { readAuthConfig } from './config';
import { start } from './app';

const logger = createLogger('auth');
let config;
try {
  config = readAuthConfig();
} catch (err) {
  logger.fatal((err as Error).message);
  process.exit(1);
}
start(config).then(
  (app) => onShutdown(logger, app.stop),
  (err: unknown) => {
    logger.fatal({ err }, 'auth failed to start');
    process.exit(1);
  },
);
