import { createLogger, onShutdown } from '@journal/common';
import { readWorklogConfig } from './config';
import { start } from './app';

const logger = createLogger('worklog');
let config;
try {
  config = readWorklogConfig();
} catch (err) {
  logger.fatal((err as Error).message);
  process.exit(1);
}
start(config).then(
  (app) => onShutdown(logger, app.stop),
  (err: unknown) => {
    logger.fatal({ err }, 'worklog failed to start');
    process.exit(1);
  },
);
