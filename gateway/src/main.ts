import { runService } from '@journal/server-kit';
import { readGatewayConfig } from './config';
import { start } from './app';

runService('gateway', readGatewayConfig, start);
