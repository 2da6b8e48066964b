import { createLogger, onShutdown } from '@journal/common';
import { readGatewayConfig } from './config';
import { start } from './app';

const logger = createLogger('gateway');
let config;
try {
  config = readGatewayConfig();
} catch (err) {
  logger.fatal((err as Error).message);
  process.exit(1);
}
start(config).then(
  (app) => onShutdown(logger, app.stop),
  (err: unknown) => {
    logger.fatal({ err }, 'gateway failed to start');
    process.exit(1);
  },
);
