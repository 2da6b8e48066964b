import { Router, type NextFunction, type Request, type Response } from 'express';
import { activityActor, parse, requireTenant, staffAccess, type AuthMiddlewareOptions } from '@journal/server-kit';
import {
  loginSchema, objectIdSchema, reauthSchema, staffCreateSchema, staffPasswordSchema, staffRoleChangeSchema, staffRoutes, staffStatusSchema,
  userUpdateSchema,
} from '@journal/contracts';
import type { AuthService } from './auth.service';

/** Answers about sessions and accounts must never be kept by a browser or a shared cache. */
const noStore = (_req: Request, res: Response, next: NextFunction) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** Both spellings of a path, as the other routes of the API answer them. */
const paths = (p: string) => [p, `${p}/`];

export function authRoutes(service: AuthService, authOpts: AuthMiddlewareOptions): Router {
  const r = Router();
  r.use(noStore, requireTenant);
  const staff = staffAccess(authOpts);
  const id = (req: Request) => parse(objectIdSchema, req.params.id);

  r.post(paths('/auth/login'), async (req, res) => {
    const body = parse(loginSchema, req.body);
    res.json(await service.login(req.journalId, req.clientIp, body.username, body.password));
  });

  r.get(paths('/auth/verify-token'), staff(staffRoutes.verifyToken), async (req, res) => {
    const c = req.auth!;
    res.json({ valid: true, user: { id: c.sub, name: c.name, role: c.role }, expiresAt: new Date(c.exp * 1000).toISOString() });
  });

  r.post(paths('/auth/logout'), staff(staffRoutes.logout), async (req, res) => {
    await service.logout(req.auth!);
    res.json({ ok: true });
  });

  r.post(paths('/auth/reauth'), staff(staffRoutes.reauth), async (req, res) => {
    const { password } = parse(reauthSchema, req.body);
    res.json(await service.reauth(req.auth!, req.clientIp, password));
  });

  // The journal's staff (the admin's Users screen): managers only, see docs/product.md#roles.
  r.get(paths('/api/users'), staff(staffRoutes.users), async (req, res) => {
    res.json(await service.listUsers(req.journalId));
  });

  r.post(paths('/api/users'), staff(staffRoutes.createUser), async (req, res) => {
    const body = parse(staffCreateSchema, req.body);
    res.status(201).json(await service.createUser(req.journalId, body, activityActor(req)));
  });

  r.post('/api/users/:id/status', staff(staffRoutes.userStatus), async (req, res) => {
    const target = id(req);
    const { status } = parse(staffStatusSchema, req.body);
    res.json(await service.setUserStatus(req.journalId, target, status, activityActor(req)));
  });

  r.post('/api/users/:id/role', staff(staffRoutes.userRole), async (req, res) => {
    const target = id(req);
    const { role } = parse(staffRoleChangeSchema, req.body);
    res.json(await service.setUserRole(req.journalId, target, role, activityActor(req)));
  });

  r.post('/api/users/:id/password', staff(staffRoutes.userPassword), async (req, res) => {
    const target = id(req);
    const { password } = parse(staffPasswordSchema, req.body);
    res.json(await service.resetPassword(req.journalId, target, password, activityActor(req)));
  });

  r.get('/api/users/:id', staff(staffRoutes.ownAccount), async (req, res) => {
    res.json(await service.getOwnUser(req.auth!, id(req)));
  });

  r.post('/api/users/:id', staff(staffRoutes.updateOwnAccount), async (req, res) => {
    const target = id(req);
    const body = parse(userUpdateSchema, req.body);
    res.json(await service.updateOwnUser(req.auth!, req.clientIp, target, {
      name: body.name, password: body.password || undefined, currentPassword: body.currentPassword || undefined,
    }, activityActor(req)));
  });

  return r;
}
