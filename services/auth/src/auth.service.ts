import { AppError, authKeys, signToken, type AuthClaims, type LoginResponse, type Redis } from '@journal/common';
import type { LoginThrottle } from './throttle';
import type { User, UserRepo } from './user.repo';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { ipAllowed } from './ip-rules';

export class LoginRefused extends AppError {}

export interface AuthServiceDeps {
  users: UserRepo;
  throttle: LoginThrottle;
  redis: Redis;
  redisPrefix: string;
  jwtSecret: string;
}

const publicUser = (u: User) => ({ id: u.id, name: u.name });

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  private get keys() {
    return authKeys(this.deps.redisPrefix);
  }

  async login(journalId: string, ip: string, username: string, password: string): Promise<LoginResponse> {
    const { users, throttle } = this.deps;
    await throttle.assertAllowed(journalId, ip, username);
    const user = await users.findByName(journalId, username);
    if (!user) {
      await burnPasswordCheck(password);
      await throttle.recordFailure(journalId, ip, username);
      throw new LoginRefused(401, 'invalid_credentials', 'Invalid user and password');
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      await throttle.recordFailure(journalId, ip, username);
      throw new LoginRefused(401, 'invalid_credentials', 'Invalid user and password');
    }
    if (user.status !== 'enabled') throw new LoginRefused(403, 'disabled', 'User disabled');
    if (!ipAllowed(user.allowedIps, ip)) throw new LoginRefused(403, 'invalid_ip', 'Invalid IP');
    await throttle.clearUser(journalId, ip, username);
    const { token } = signToken(this.deps.jwtSecret, { id: user.id, name: user.name, journalId });
    return { token, user: publicUser(user) };
  }

  async logout(claims: AuthClaims): Promise<void> {
    const ttl = Math.max(1, claims.exp - Math.floor(Date.now() / 1000));
    await this.deps.redis.set(this.keys.revoked(claims.jti), '1', 'EX', ttl);
  }

  async getOwnUser(claims: AuthClaims, id: string) {
    if (claims.sub !== id) throw new AppError(403, 'forbidden', 'You can only view your own account');
    const user = await this.deps.users.findById(claims.jid, id);
    if (!user) throw new AppError(404, 'not_found', 'User not found');
    return publicUser(user);
  }

  /** Renames the caller and, with a new password, ends every other session of theirs. */
  async updateOwnUser(claims: AuthClaims, id: string, input: { name: string; password?: string }) {
    if (claims.sub !== id) throw new AppError(403, 'forbidden', 'You can only change your own account');
    const existing = await this.deps.users.findByName(claims.jid, input.name);
    if (existing && existing.id !== id) throw new AppError(409, 'duplicate_username', 'That username is taken');
    const patch: { name: string; passwordHash?: string } = { name: input.name };
    if (input.password) {
      if (input.password.length < 8) throw new AppError(400, 'weak_password', 'Password must have at least 8 characters');
      patch.passwordHash = await hashPassword(input.password);
    }
    const user = await this.deps.users.update(claims.jid, id, patch);
    if (!user) throw new AppError(404, 'not_found', 'User not found');
    if (!patch.passwordHash) return { user: publicUser(user) };
    const now = Math.floor(Date.now() / 1000);
    await this.deps.redis.set(this.keys.validAfter(id), String(now));
    const { token } = signToken(this.deps.jwtSecret, { id: user.id, name: user.name, journalId: claims.jid });
    return { user: publicUser(user), token };
  }

  /** Disabling takes effect on the next request of every session the user holds. */
  async setUserStatus(journalId: string, id: string, status: 'enabled' | 'disabled') {
    const user = await this.deps.users.update(journalId, id, { status });
    if (!user) throw new AppError(404, 'not_found', 'User not found');
    if (status === 'disabled') await this.deps.redis.set(this.keys.disabled(id), '1');
    else await this.deps.redis.del(this.keys.disabled(id));
    return publicUser(user);
  }

  /** Creates the user or resets its password; used by seeding and operators. */
  async ensureUser(journalId: string, name: string, password: string, allowedIps: string[] = []) {
    const passwordHash = await hashPassword(password);
    const found = await this.deps.users.findByName(journalId, name);
    if (found) return this.deps.users.update(journalId, found.id, { passwordHash, status: 'enabled', allowedIps });
    return this.deps.users.create({ journalId, name, passwordHash, status: 'enabled', allowedIps });
  }
}
