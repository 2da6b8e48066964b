import { createLogger, onShutdown } from '@journal/common';
import { readPdfApiConfig } from './config';
import { start } from './app';

const logger = createLogger('pdf');
let config;
try {
  config = readPdfApiConfig();
} catch (err) {
  logger.fatal((err as Error).message);
  process.exit(1);
}
start(config).then(
  (app) => onShutdown(logger, app.stop),
  (err: unknown) => {
    logger.fatal({ err }, 'pdf api failed to start');
    process.exit(1);
  },
);
