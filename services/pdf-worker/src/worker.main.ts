import { createLogger, onShutdown } from '@journal/common';
import { readPdfWorkerConfig } from './config';
import { startWorker } from './worker';

const logger = createLogger('pdf-worker');
let config;
try {
  config = readPdfWorkerConfig();
} catch (err) {
  logger.fatal((err as Error).message);
  process.exit(1);
}
startWorker(config).then(
  (app) => onShutdown(logger, app.stop),
  (err: unknown) => {
    logger.fatal({ err }, 'pdf worker failed to start');
    process.exit(1);
  },
);
