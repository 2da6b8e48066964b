import { Router, type Request } from 'express';
import { authenticate, loginSchema, objectIdSchema, parse, requireTenant, userUpdateSchema, type AuthMiddlewareOptions } from '@journal/common';
import type { AuthService } from './auth.service';

export function authRoutes(service: AuthService, authOpts: AuthMiddlewareOptions): Router {
  const r = Router();
  r.use(requireTenant);
  const claims = (req: Request) => authenticate(req, authOpts);

  r.post(['/auth/login', '/auth/login/'], async (req, res) => {
    const body = parse(loginSchema, req.body);
    res.json(await service.login(req.journalId, req.clientIp, body.username, body.password));
  });

  r.get(['/auth/verify-token', '/auth/verify-token/'], async (req, res) => {
    const c = await claims(req);
    res.json({ valid: true, user: { id: c.sub, name: c.name }, expiresAt: new Date(c.exp * 1000).toISOString() });
  });

  r.post(['/auth/logout', '/auth/logout/'], async (req, res) => {
    await service.logout(await claims(req));
    res.json({ ok: true });
  });

  r.get('/api/users/:id', async (req, res) => {
    const c = await claims(req);
    res.json(await service.getOwnUser(c, parse(objectIdSchema, req.params.id)));
  });

  r.post('/api/users/:id', async (req, res) => {
    const c = await claims(req);
    const id = parse(objectIdSchema, req.params.id);
    const body = parse(userUpdateSchema, req.body);
    res.json(await service.updateOwnUser(c, id, { name: body.name, password: body.password || undefined }));
  });

  return r;
}
