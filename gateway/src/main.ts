import { runService } from '@journal/server-kit/run-service';
import { readGatewayConfig } from './config';
import { start } from './app';

runService('gateway', readGatewayConfig, start);
