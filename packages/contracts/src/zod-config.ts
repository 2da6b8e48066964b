import { z } from 'zod';

// In the browser, pages run under a Content-Security-Policy without 'unsafe-eval'; zod's compiled
// parsers (and its probe for them, `new Function('')`) would be reported as violations there.
// Servers keep the faster compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });
