import { loadConfig, runService } from '@journal/server-kit';
import { mailWorkerConfigSchema } from './mail.config';
import { startMailWorker } from './mail-worker';

runService('mail-worker', () => loadConfig(mailWorkerConfigSchema), startMailWorker);
