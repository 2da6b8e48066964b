import { runService } from '@journal/common';
import { readGatewayConfig } from './config';
import { start } from './app';

runService('gateway', readGatewayConfig, start);
