import { start as startGateway, type GatewayApp } from '../src/app';
import { gatewayConfigSchema } from '../src/config';

/**
 * A gateway on port 0 whose every upstream is the stand-in service at `url`; `env` adds settings
 * (the Redis to use, the limit under test) or sends one upstream elsewhere.
 */
export function gatewayBefore(url: string, env: Record<string, string> = {}): Promise<GatewayApp> {
  return startGateway(
    gatewayConfigSchema.parse({ PORT: '0', LOG_LEVEL: 'silent', CONTENT_URL: url, AUTH_URL: url, WORKLOG_URL: url, PDF_URL: url, RENDER_URL: url, ...env }),
  );
}
