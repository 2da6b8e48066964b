import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@journal/server-kit';

export type DoiRole = 'manager' | 'editor';

/**
 * Which staff may use a DOI route. A token naming a role must name one of `roles`; a token
 * without one is the single admin role staff have today, which may do everything. Runs after
 * requireAuth.
 */
export function requireDoiRole(...roles: DoiRole[]) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const role: unknown = (req.auth as { role?: unknown } | undefined)?.role;
    if (role === undefined || (typeof role === 'string' && (roles as string[]).includes(role))) return next();
    next(new AppError(403, 'forbidden', 'Your role may not do this'));
  };
}
