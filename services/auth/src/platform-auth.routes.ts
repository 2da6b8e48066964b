import { Router } from 'express';
import { noStore, parse, platformAccess, requirePlatform, type AuthMiddlewareOptions } from '@journal/server-kit';
import { loginSchema, platformPaths, reauthSchema, PLATFORM_ROLE, type PlatformSession } from '@journal/contracts';
import type { AuthService } from './auth.service';

/**
 * docs/security.md#platform-operators: the operators' sign-in, session and sign-out on the
 * platform's host (the only place the gateway names the platform's tenant). A journal's token is
 * refused here, as an operator's is on every journal route.
 */
export function platformAuthRoutes(service: AuthService, authOpts: AuthMiddlewareOptions): Router {
  const r = Router();
  const operator = platformAccess(authOpts);

  r.post(platformPaths.login, noStore, requirePlatform, async (req, res) => {
    const body = parse(loginSchema, req.body);
    res.json(await service.platformLogin(req.clientIp, body.username, body.password));
  });

  r.get(platformPaths.session, noStore, operator, (req, res) => {
    const c = req.platformAuth!;
    const session: PlatformSession = { user: { id: c.sub, name: c.name, role: PLATFORM_ROLE }, expiresAt: new Date(c.exp * 1000).toISOString() };
    res.json(session);
  });

  // The operator's password again before a change of the platform's customers, throttled as a journal's re-check.
  r.post(platformPaths.reauth, noStore, operator, async (req, res) => {
    const { password } = parse(reauthSchema, req.body);
    res.json(await service.reauth(req.platformAuth!, req.clientIp, password));
  });

  r.post(platformPaths.logout, noStore, operator, async (req, res) => {
    await service.logout(req.platformAuth!);
    res.json({ ok: true });
  });

  return r;
}
