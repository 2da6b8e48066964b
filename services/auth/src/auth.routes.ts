import { Router, type NextFunction, type Request, type Response } from 'express';
import { activityActor, AppError, authenticate, parse, requireTenant, type AuthMiddlewareOptions } from '@journal/server-kit';
import { loginSchema, objectIdSchema, staffCreateSchema, staffPasswordSchema, staffStatusSchema, userUpdateSchema } from '@journal/contracts';
import type { AuthService } from './auth.service';

/** Answers about sessions and accounts must never be kept by a browser or a shared cache. */
const noStore = (_req: Request, res: Response, next: NextFunction) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

export function authRoutes(service: AuthService, authOpts: AuthMiddlewareOptions): Router {
  const r = Router();
  r.use(noStore, requireTenant);
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

  // The journal's staff (the admin's Users screen): every signed-in staff member manages them.
  r.get(['/api/users', '/api/users/'], async (req, res) => {
    const c = await claims(req);
    res.json(await service.listUsers(c.jid));
  });

  r.post(['/api/users', '/api/users/'], async (req, res) => {
    const c = await claims(req);
    const body = parse(staffCreateSchema, req.body);
    res.status(201).json(await service.createUser(c.jid, body, activityActor(req, c)));
  });

  r.post('/api/users/:id/status', async (req, res) => {
    const c = await claims(req);
    const id = parse(objectIdSchema, req.params.id);
    const { status } = parse(staffStatusSchema, req.body);
    if (id === c.sub && status === 'disabled') throw new AppError(400, 'cannot_disable_self', 'You cannot disable your own account');
    res.json(await service.setUserStatus(c.jid, id, status, activityActor(req, c)));
  });

  r.post('/api/users/:id/password', async (req, res) => {
    const c = await claims(req);
    const id = parse(objectIdSchema, req.params.id);
    if (id === c.sub) throw new AppError(400, 'use_own_account', 'Change your own password on your account page, with your current password');
    const { password } = parse(staffPasswordSchema, req.body);
    res.json(await service.resetPassword(c.jid, id, password, activityActor(req, c)));
  });

  r.get('/api/users/:id', async (req, res) => {
    const c = await claims(req);
    res.json(await service.getOwnUser(c, parse(objectIdSchema, req.params.id)));
  });

  r.post('/api/users/:id', async (req, res) => {
    const c = await claims(req);
    const id = parse(objectIdSchema, req.params.id);
    const body = parse(userUpdateSchema, req.body);
    res.json(await service.updateOwnUser(c, id, { name: body.name, password: body.password || undefined, currentPassword: body.currentPassword || undefined }, activityActor(req, c)));
  });

  return r;
}
