import { loadConfig, runService } from '@journal/server-kit';
import { edgePurgerConfigSchema } from './edge-purger.config';
import { startEdgePurger } from './edge-purger';

runService('edge-purger', () => loadConfig(edgePurgerConfigSchema), startEdgePurger);
