import { AppError, authKeys, diffFields, OPERATOR_ACTOR, signToken, type ActivityActor, type ActivityLog, type AuthClaims, type Redis, type UserStateSource } from '@journal/server-kit';
import type { LoginResponse, StaffUserView } from '@journal/contracts';
import type { LoginThrottle } from './throttle';
import type { User, UserRepo } from './user.repo';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { passwordProblem } from './password-policy';
import { ipAllowed } from './ip-rules';

export class LoginRefused extends AppError {}

export interface AuthServiceDeps {
  users: UserRepo;
  throttle: LoginThrottle;
  redis: Redis;
  redisPrefix: string;
  jwtSecret: string;
  /** The cache the auth middleware reads; written users are dropped from it at once. */
  userState?: UserStateSource;
  /** The journal's activity log: account writes are recorded there (never a password or its hash). */
  activity?: ActivityLog;
}

/** A staff account as the admin and the CLI show it: never the hash. */
export type StaffUser = StaffUserView;

const publicUser = (u: User) => ({ id: u.id, name: u.name });
export const staffUser = (u: User): StaffUser => ({
  id: u.id, name: u.name, status: u.status, allowedIps: u.allowedIps, createdby: u.createdby, modifiedby: u.modifiedby,
});
const nowSeconds = () => Math.floor(Date.now() / 1000);

const USER_NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,99}$/;
export function userNameProblem(name: string): string | null {
  if (!USER_NAME.test(name)) return 'User name must be 1-100 letters, digits, dots, dashes, underscores or @, starting with a letter or digit';
  return null;
}

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
    const ttl = Math.max(1, claims.exp - nowSeconds());
    await this.deps.redis.set(this.keys.revoked(claims.jti), '1', 'EX', ttl);
  }

  async getOwnUser(claims: AuthClaims, id: string) {
    if (claims.sub !== id) throw new AppError(403, 'forbidden', 'You can only view your own account');
    const user = await this.deps.users.findById(claims.jid, id);
    if (!user) throw new AppError(404, 'not_found', 'User not found');
    return publicUser(user);
  }

  /**
   * Renames the caller and, with a new password (which needs the current one), ends every
   * other session of theirs.
   */
  async updateOwnUser(claims: AuthClaims, id: string, input: { name: string; password?: string; currentPassword?: string }, actor: ActivityActor = { ...OPERATOR_ACTOR, id: claims.sub, name: claims.name, role: 'manager' }) {
    if (claims.sub !== id) throw new AppError(403, 'forbidden', 'You can only change your own account');
    const current = await this.deps.users.findById(claims.jid, id);
    if (!current) throw new AppError(404, 'not_found', 'User not found');
    const existing = await this.deps.users.findByName(claims.jid, input.name);
    if (existing && existing.id !== id) throw new AppError(409, 'duplicate_username', 'That username is taken');
    const patch: { name: string; passwordHash?: string; validAfter?: number; modifiedby: string } = { name: input.name, modifiedby: claims.name };
    if (input.password) {
      if (!input.currentPassword) throw new AppError(400, 'current_password_required', 'Enter your current password to set a new one');
      if (!(await verifyPassword(current.passwordHash, input.currentPassword))) {
        throw new AppError(403, 'wrong_current_password', 'The current password is not right');
      }
      const problem = passwordProblem(input.password, input.name);
      if (problem) throw new AppError(400, 'weak_password', problem);
      patch.passwordHash = await hashPassword(input.password);
      patch.validAfter = nowSeconds();
    }
    const user = await this.deps.users.update(claims.jid, id, patch);
    if (!user) throw new AppError(404, 'not_found', 'User not found');
    await this.recordUser(claims.jid, actor, 'user.rename', current, user);
    if (patch.passwordHash) await this.recordUser(claims.jid, actor, 'user.password', current, user);
    if (!patch.passwordHash) return { user: publicUser(user) };
    await this.endSessions(id, patch.validAfter!);
    const { token } = signToken(this.deps.jwtSecret, { id: user.id, name: user.name, journalId: claims.jid });
    return { user: publicUser(user), token };
  }

  /** Ends every session issued before `at`: in Redis for the fast path and with the user for good. */
  private async endSessions(id: string, at: number) {
    this.deps.userState?.forget(id);
    await this.deps.redis.set(this.keys.validAfter(id), String(at)).catch(() => undefined);
  }

  /**
   * One activity entry for an account write, with only the fields of that kind: a rename shows
   * the names, a password change `(changed)`, never the hash.
   */
  private async recordUser(journalId: string, actor: ActivityActor, kind: 'user.create' | 'user.password' | 'user.status' | 'user.rename', before: User | null, after: User) {
    const only = { 'user.create': ['name', 'status', 'allowedIps'], 'user.password': ['passwordHash'], 'user.status': ['status'], 'user.rename': ['name'] }[kind];
    await this.deps.activity?.record(journalId, actor, { kind, record: { type: 'user', id: after.id, label: after.name }, changes: diffFields(before, after, { only }) });
  }

  /** Disabling takes effect on the next request of every session the user holds. */
  async setUserStatus(journalId: string, id: string, status: 'enabled' | 'disabled', actor: ActivityActor = OPERATOR_ACTOR) {
    const by = actor.name;
    const before = await this.deps.users.findById(journalId, id);
    const patch = status === 'disabled' ? { status, validAfter: nowSeconds(), modifiedby: by } : { status, modifiedby: by };
    const user = await this.deps.users.update(journalId, id, patch);
    if (!user) throw new AppError(404, 'not_found', 'User not found');
    await this.recordUser(journalId, actor, 'user.status', before, user);
    this.deps.userState?.forget(id);
    if (status === 'disabled') await this.deps.redis.set(this.keys.disabled(id), '1');
    else await this.deps.redis.del(this.keys.disabled(id));
    return staffUser(user);
  }

  // ---- Staff management: the admin's Users screen and the operator CLI share these. ----

  async listUsers(journalId: string): Promise<StaffUser[]> {
    return (await this.deps.users.list(journalId)).map(staffUser);
  }

  async findUser(journalId: string, name: string): Promise<StaffUser> {
    const u = await this.deps.users.findByName(journalId, name);
    if (!u) throw new AppError(404, 'unknown_user', `No user named ${name} in this journal`);
    return staffUser(u);
  }

  /** Creates a staff account; refuses a taken name, a malformed name and a weak password. */
  async createUser(journalId: string, input: { name: string; password: string; allowedIps?: string[] }, actor: ActivityActor): Promise<StaffUser> {
    const by = actor.name;
    const nameProblem = userNameProblem(input.name);
    if (nameProblem) throw new AppError(400, 'invalid_username', nameProblem);
    const problem = passwordProblem(input.password, input.name);
    if (problem) throw new AppError(400, 'weak_password', problem);
    if (await this.deps.users.findByName(journalId, input.name)) {
      throw new AppError(409, 'duplicate_username', `A user named ${input.name} already exists in this journal`);
    }
    try {
      const u = await this.deps.users.create({
        journalId, name: input.name, passwordHash: await hashPassword(input.password), status: 'enabled', allowedIps: input.allowedIps ?? [], createdby: by,
      });
      await this.recordUser(journalId, actor, 'user.create', null, u);
      return staffUser(u);
    } catch (err) {
      if ((err as { code?: number }).code === 11000) throw new AppError(409, 'duplicate_username', `A user named ${input.name} already exists in this journal`);
      throw err;
    }
  }

  /** Sets a new password and ends every session the user holds. */
  async resetPassword(journalId: string, id: string, password: string, actor: ActivityActor): Promise<StaffUser> {
    const by = actor.name;
    const found = await this.deps.users.findById(journalId, id);
    if (!found) throw new AppError(404, 'unknown_user', 'User not found');
    const problem = passwordProblem(password, found.name);
    if (problem) throw new AppError(400, 'weak_password', problem);
    const at = nowSeconds();
    const user = await this.deps.users.update(journalId, id, { passwordHash: await hashPassword(password), validAfter: at, modifiedby: by });
    if (!user) throw new AppError(404, 'unknown_user', 'User not found');
    await this.endSessions(id, at);
    await this.recordUser(journalId, actor, 'user.password', found, user);
    return staffUser(user);
  }

  /** Creates the user or resets its password; used by seeding and tests (no strength rule). */
  async ensureUser(journalId: string, name: string, password: string, allowedIps: string[] = []) {
    const passwordHash = await hashPassword(password);
    const found = await this.deps.users.findByName(journalId, name);
    if (found) return this.deps.users.update(journalId, found.id, { passwordHash, status: 'enabled', allowedIps });
    return this.deps.users.create({ journalId, name, passwordHash, status: 'enabled', allowedIps, createdby: 'seed' });
  }
}
