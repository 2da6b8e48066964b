import { createLogger, onShutdown } from '@journal/common';
import { readContentConfig } from './config';
import { start } from './app';

const logger = createLogger('content');
let config;
try {
  config = readContentConfig();
} catch (err) {
  logger.fatal((err as Error).message);
  process.exit(1);
}
start(config).then(
  (app) => onShutdown(logger, app.stop),
  (err: unknown) => {
    logger.fatal({ err }, 'content failed to start');
    process.exit(1);
  },
);
