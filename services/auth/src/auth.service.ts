import {
  AppError, authKeys, diffFields, OPERATOR_ACTOR, signPlatformToken, signToken, type ActivityActor, type ActivityLog, type AuthClaims, type Redis, type UserStateSource,
} from '@journal/server-kit';
import { PLATFORM_ROLE, PLATFORM_TENANT_ID, RECENT_AUTH_SECONDS, roleRank, staffRoles, userNameKey, userNameProblem, userNamesLookAlike, type LoginResponse, type PlatformLoginResponse, type ReauthResponse, type StaffRole, type StaffUserView } from '@journal/contracts';
import type { LoginThrottle } from './throttle';
import type { User, UserRepo } from './user.repo';
import type { SessionRepo } from './session.repo';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { passwordProblem } from './password-policy';
import { ipAllowed } from './ip-rules';

export { userNameProblem };

export class LoginRefused extends AppError {}

export interface AuthServiceDeps {
  users: UserRepo;
  sessions: SessionRepo;
  throttle: LoginThrottle;
  /** Counts wrong passwords of signed-in sessions (re-checks and the account page), per user and address. */
  reauthThrottle: LoginThrottle;
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

/**
 * Who acts on staff accounts: a signed-in staff member, or the operator at the CLI (above every
 * role, and the only one who can enable a user the operator disabled).
 */
export type StaffActor = ActivityActor;
export const OPERATOR: StaffActor = OPERATOR_ACTOR;
const isOperator = (a: StaffActor) => a.role === 'operator';
const actorName = (a: StaffActor) => (isOperator(a) ? 'operator' : a.name);

type UserActivityKind = 'user.create' | 'user.password' | 'user.status' | 'user.rename' | 'user.role';
const USER_ACTIVITY_FIELDS: Record<UserActivityKind, string[]> = {
  'user.create': ['name', 'status', 'role', 'allowedIps'],
  'user.password': ['passwordHash'],
  'user.status': ['status'],
  'user.rename': ['name'],
  'user.role': ['role'],
};

const publicUser = (u: User) => ({ id: u.id, name: u.name, role: u.role });
export const staffUser = (u: User): StaffUser => ({
  id: u.id, name: u.name, status: u.status, role: u.role, disabledByOperator: u.disabledByOperator,
  allowedIps: u.allowedIps, createdby: u.createdby, modifiedby: u.modifiedby,
});
/** Seconds to the millisecond, as tokens' `iat`: a session begun before a change in the same second still ends. */
const nowSeconds = () => Date.now() / 1000;

const nameTaken = (name: string) => new AppError(409, 'duplicate_username', `A user named ${name} already exists in this journal`);
const lookAlike = (name: string, other: string) =>
  new AppError(409, 'look_alike_username', `The user name ${name} looks like ${other}, another user's; choose one that cannot be mistaken for it`);

/** `write`, with a refusal by the unique name index (the name written by another request at the same moment) answered as `taken`. */
async function unlessTaken<T>(write: () => Promise<T>, taken: AppError): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if ((err as { code?: number }).code === 11000) throw taken;
    throw err;
  }
}

/** docs/product.md#roles: nobody acts on a user, or grants a role, above their own role. */
function assertMayActOn(actor: StaffActor, role: StaffRole) {
  if (actor.role === 'operator') return;
  // Only staff act on users (reviewers, authors and the reminders never reach these acts).
  if (!(staffRoles as readonly string[]).includes(actor.role) || roleRank(role) > roleRank(actor.role as StaffRole)) {
    throw new AppError(403, 'higher_role', 'You cannot act on a user of a higher role than yours');
  }
}

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  private get keys() {
    return authKeys(this.deps.redisPrefix);
  }

  /** Every attempt is counted before its password is checked (docs/security.md#passwords-and-login-throttling). */
  async login(journalId: string, ip: string, username: string, password: string): Promise<LoginResponse> {
    // The platform's accounts sign in on the platform's host alone, to a session no journal accepts.
    if (journalId === PLATFORM_TENANT_ID) throw new AppError(404, 'not_found', 'Not found');
    const user = await this.checkLogin(journalId, ip, username, password);
    const { token } = signToken(this.deps.jwtSecret, { id: user.id, name: user.name, journalId, role: user.role });
    return { token, user: publicUser(user) };
  }

  /** docs/security.md#platform-operators: an operator's sign-in, throttled and checked as a journal's. */
  async platformLogin(ip: string, username: string, password: string): Promise<PlatformLoginResponse> {
    const user = await this.checkLogin(PLATFORM_TENANT_ID, ip, username, password);
    const { token, claims } = signPlatformToken(this.deps.jwtSecret, { id: user.id, name: user.name });
    return { token, user: { id: user.id, name: user.name, role: PLATFORM_ROLE }, expiresAt: new Date(claims.exp * 1000).toISOString() };
  }

  private async checkLogin(journalId: string, ip: string, username: string, password: string): Promise<User> {
    const { users, throttle } = this.deps;
    const attempt = await throttle.reserve(journalId, ip, userNameKey(username));
    const user = await users.findByName(journalId, username);
    if (!user) {
      await burnPasswordCheck(password);
      throw new LoginRefused(401, 'invalid_credentials', 'Invalid user and password');
    }
    if (!(await verifyPassword(user.passwordHash, password))) throw new LoginRefused(401, 'invalid_credentials', 'Invalid user and password');
    if (user.status !== 'enabled') throw new LoginRefused(403, 'disabled', 'User disabled');
    if (!ipAllowed(user.allowedIps, ip)) throw new LoginRefused(403, 'invalid_ip', 'Invalid IP');
    await attempt.succeeded();
    return user;
  }

  /** Ends this session: stored for good first, then in Redis for the other processes' fast path. */
  async logout(claims: Pick<AuthClaims, 'jid' | 'sub' | 'jti' | 'exp'>): Promise<void> {
    const ttl = Math.max(1, Math.ceil(claims.exp - nowSeconds()));
    await this.deps.sessions.revoke({ journalId: claims.jid, userId: claims.sub, jti: claims.jti, exp: claims.exp });
    this.deps.userState?.forgetSession(claims.jid, claims.jti);
    await this.deps.redis.set(this.keys.revoked(claims.jti), '1', 'EX', ttl);
  }

  /**
   * Checks the caller's current password, counted before the check per account and per address
   * like sign-ins. The account is the user's id, not a name: no rename moves failures onto
   * another's account or away from one's own.
   */
  private async checkOwnPassword(claims: Pick<AuthClaims, 'jid'>, ip: string, user: User, password: string): Promise<boolean> {
    const attempt = await this.deps.reauthThrottle.reserve(claims.jid, ip, user.id);
    if (!(await verifyPassword(user.passwordHash, password))) return false;
    await attempt.succeeded();
    return true;
  }

  /**
   * docs/security.md#recent-authentication: the caller confirms their password, and this session
   * may do sensitive acts for RECENT_AUTH_SECONDS (stored with the session, cached in Redis). An
   * operator's session on the platform's host is checked the same way, under the platform's tenant.
   */
  async reauth(claims: Pick<AuthClaims, 'jid' | 'sub' | 'jti' | 'exp'>, ip: string, password: string): Promise<ReauthResponse> {
    const user = await this.deps.users.findById(claims.jid, claims.sub);
    if (!user) throw new AppError(401, 'unauthorized', 'User not found');
    if (!(await this.checkOwnPassword(claims, ip, user, password))) {
      throw new AppError(403, 'wrong_current_password', 'The current password is not right');
    }
    const at = nowSeconds();
    await this.deps.sessions.stampReauth({ journalId: claims.jid, userId: claims.sub, jti: claims.jti, exp: claims.exp }, at);
    await this.deps.redis.set(this.keys.reauth(claims.jti), String(at), 'EX', RECENT_AUTH_SECONDS).catch(() => undefined);
    return { ok: true, until: new Date((at + RECENT_AUTH_SECONDS) * 1000).toISOString() };
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
  async updateOwnUser(
    claims: AuthClaims, ip: string, id: string, input: { name: string; password?: string; currentPassword?: string },
    actor: StaffActor = { id: claims.sub, name: claims.name, role: claims.role, ip, requestId: '' },
  ) {
    if (claims.sub !== id) throw new AppError(403, 'forbidden', 'You can only change your own account');
    const nameProblem = userNameProblem(input.name);
    if (nameProblem) throw new AppError(400, 'invalid_username', nameProblem);
    const current = await this.deps.users.findById(claims.jid, id);
    if (!current) throw new AppError(404, 'not_found', 'User not found');
    if (await this.deps.users.nameTaken(claims.jid, input.name, id)) throw new AppError(409, 'duplicate_username', 'That username is taken');
    // A name kept as it is stays, even one stored before look-alikes were refused.
    if (input.name !== current.name) await this.assertNotLookAlike(claims.jid, input.name, id);
    const patch: { name: string; passwordHash?: string; validAfter?: number; modifiedby: string } = { name: input.name, modifiedby: claims.name };
    if (input.password) {
      if (!input.currentPassword) throw new AppError(400, 'current_password_required', 'Enter your current password to set a new one');
      // A refused new password spends no check of the current one, nor a throttle slot.
      const problem = passwordProblem(input.password, input.name);
      if (problem) throw new AppError(400, 'weak_password', problem);
      if (!(await this.checkOwnPassword(claims, ip, current, input.currentPassword))) {
        throw new AppError(403, 'wrong_current_password', 'The current password is not right');
      }
      patch.passwordHash = await hashPassword(input.password);
      patch.validAfter = nowSeconds();
    }
    const user = await unlessTaken(() => this.deps.users.update(claims.jid, id, patch), new AppError(409, 'duplicate_username', 'That username is taken'));
    if (!user) throw new AppError(404, 'not_found', 'User not found');
    await this.recordUser(claims.jid, actor, 'user.rename', current, user);
    if (patch.passwordHash) await this.recordUser(claims.jid, actor, 'user.password', current, user);
    if (!patch.passwordHash) return { user: publicUser(user) };
    await this.endSessions(id, patch.validAfter!);
    const { token } = signToken(this.deps.jwtSecret, { id: user.id, name: user.name, journalId: claims.jid, role: user.role });
    return { user: publicUser(user), token };
  }

  /** Ends every session issued before `at`: in Redis for the fast path and with the user for good. */
  private async endSessions(id: string, at: number) {
    this.deps.userState?.forget(id);
    await this.deps.redis.set(this.keys.validAfter(id), String(at)).catch(() => undefined);
  }

  /**
   * One activity entry for an account write, with only the fields of that kind: a rename shows
   * the names, a role change the roles, a password change `(changed)`, never the hash.
   */
  private async recordUser(journalId: string, actor: StaffActor, kind: UserActivityKind, before: User | null, after: User) {
    const only = USER_ACTIVITY_FIELDS[kind];
    await this.deps.activity?.record(journalId, actor, { kind, record: { type: 'user', id: after.id, label: after.name }, changes: diffFields(before, after, { only }) });
  }

  /**
   * Disabling takes effect on the next request of every session the user holds. A user the
   * operator disabled stays so until the operator enables it; the last enabled manager stays.
   */
  async setUserStatus(journalId: string, id: string, status: 'enabled' | 'disabled', actor: StaffActor): Promise<StaffUser> {
    if (!isOperator(actor) && actor.id === id && status === 'disabled') {
      throw new AppError(400, 'cannot_disable_self', 'You cannot disable your own account');
    }
    const found = await this.target(journalId, id, actor);
    if (status === 'enabled' && found.disabledByOperator && !isOperator(actor)) {
      throw new AppError(403, 'operator_disabled', 'The operator disabled this user; only the operator can enable it again');
    }
    // The platform's operators are no journal's managers: the CLI can always make another.
    if (status === 'disabled' && found.status === 'enabled' && found.role === 'manager' && journalId !== PLATFORM_TENANT_ID) await this.assertNotLastManager(journalId, id);
    const by = actorName(actor);
    const patch = status === 'disabled'
      ? { status, validAfter: nowSeconds(), modifiedby: by, ...(isOperator(actor) ? { disabledByOperator: true } : {}) }
      : { status, modifiedby: by, disabledByOperator: false };
    const user = await this.deps.users.update(journalId, id, patch);
    if (!user) throw new AppError(404, 'not_found', 'User not found');
    await this.recordUser(journalId, actor, 'user.status', found, user);
    this.deps.userState?.forget(id);
    if (status === 'disabled') await this.deps.redis.set(this.keys.disabled(id), '1');
    else await this.deps.redis.del(this.keys.disabled(id));
    return staffUser(user);
  }

  /** Changes a user's role and ends the user's sessions, so every token carries the new role. */
  async setUserRole(journalId: string, id: string, role: StaffRole, actor: StaffActor): Promise<StaffUser> {
    if (!isOperator(actor) && actor.id === id) throw new AppError(400, 'cannot_change_own_role', 'You cannot change your own role');
    const found = await this.target(journalId, id, actor);
    assertMayActOn(actor, role);
    if (found.role === role) return staffUser(found);
    if (found.role === 'manager' && found.status === 'enabled') await this.assertNotLastManager(journalId, id);
    const at = nowSeconds();
    const user = await this.deps.users.update(journalId, id, { role, validAfter: at, modifiedby: actorName(actor) });
    if (!user) throw new AppError(404, 'not_found', 'User not found');
    await this.endSessions(id, at);
    await this.recordUser(journalId, actor, 'user.role', found, user);
    return staffUser(user);
  }

  /** The user `actor` means to act on, refused when it ranks above the actor. */
  private async target(journalId: string, id: string, actor: StaffActor): Promise<User> {
    const found = await this.deps.users.findById(journalId, id);
    if (!found) throw new AppError(404, 'not_found', 'User not found');
    assertMayActOn(actor, found.role);
    return found;
  }

  /** docs/security.md#user-names: a new name must not be mistaken for another user's (`id`: the user being renamed). */
  private async assertNotLookAlike(journalId: string, name: string, id?: string) {
    const other = await this.deps.users.lookAlike(journalId, name, id);
    if (other) throw lookAlike(name, other);
  }

  private async assertNotLastManager(journalId: string, id: string) {
    if ((await this.deps.users.countOtherEnabledManagers(journalId, id)) === 0) {
      throw new AppError(409, 'last_manager', 'The journal needs at least one enabled manager');
    }
  }

  // ---- Staff management: the admin's Users screen and the operator CLI share these. ----

  async listUsers(journalId: string): Promise<StaffUser[]> {
    return (await this.deps.users.list(journalId)).map(staffUser);
  }

  /** Names of the journal's accounts that share one normal form, stored before names were compared so. */
  async nameClashes(journalId: string): Promise<string[][]> {
    return (await this.deps.users.clashes(journalId)).map((c) => c.names);
  }

  /** Pairs of the journal's user names that look alike without being one name (stored before look-alikes were refused). */
  async lookAlikeNames(journalId: string): Promise<string[][]> {
    const names = (await this.deps.users.list(journalId)).map((u) => u.name).sort();
    return names.flatMap((a, i) => names.slice(i + 1).filter((b) => userNamesLookAlike(a, b)).map((b) => [a, b]));
  }

  async findUser(journalId: string, name: string): Promise<StaffUser> {
    const u = await this.deps.users.findByName(journalId, name);
    if (!u) throw new AppError(404, 'unknown_user', `No user named ${name} in this journal`);
    return staffUser(u);
  }

  /** Creates a staff account; refuses a taken name, a malformed name, a weak password and a role above the actor's. */
  async createUser(
    journalId: string, input: { name: string; password: string; role: StaffRole; allowedIps?: string[] }, actor: StaffActor,
  ): Promise<StaffUser> {
    assertMayActOn(actor, input.role);
    const by = actorName(actor);
    const nameProblem = userNameProblem(input.name);
    if (nameProblem) throw new AppError(400, 'invalid_username', nameProblem);
    const problem = passwordProblem(input.password, input.name);
    if (problem) throw new AppError(400, 'weak_password', problem);
    if (await this.deps.users.nameTaken(journalId, input.name)) throw nameTaken(input.name);
    await this.assertNotLookAlike(journalId, input.name);
    const passwordHash = await hashPassword(input.password);
    const u = await unlessTaken(
      () => this.deps.users.create({ journalId, name: input.name, passwordHash, status: 'enabled', role: input.role, allowedIps: input.allowedIps ?? [], createdby: by }),
      nameTaken(input.name),
    );
    await this.recordUser(journalId, actor, 'user.create', null, u);
    return staffUser(u);
  }

  /**
   * Renames another user (the operator, settling a name clash: docs/operations.md#user-name-clashes)
   * and ends the user's sessions, whose tokens carry the old name.
   */
  async renameUser(journalId: string, id: string, name: string, actor: StaffActor): Promise<StaffUser> {
    const found = await this.target(journalId, id, actor);
    const nameProblem = userNameProblem(name);
    if (nameProblem) throw new AppError(400, 'invalid_username', nameProblem);
    if (await this.deps.users.nameTaken(journalId, name, id)) throw nameTaken(name);
    await this.assertNotLookAlike(journalId, name, id);
    const at = nowSeconds();
    const user = await unlessTaken(() => this.deps.users.update(journalId, id, { name, validAfter: at, modifiedby: actorName(actor) }), nameTaken(name));
    if (!user) throw new AppError(404, 'unknown_user', 'User not found');
    await this.endSessions(id, at);
    await this.recordUser(journalId, actor, 'user.rename', found, user);
    return staffUser(user);
  }

  /** Sets a new password and ends every session the user holds. */
  async resetPassword(journalId: string, id: string, password: string, actor: StaffActor): Promise<StaffUser> {
    if (!isOperator(actor) && actor.id === id) {
      throw new AppError(400, 'use_own_account', 'Change your own password on your account page, with your current password');
    }
    const found = await this.target(journalId, id, actor);
    const by = actorName(actor);
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
  async ensureUser(journalId: string, name: string, password: string, allowedIps: string[] = [], role: StaffRole = 'manager') {
    const passwordHash = await hashPassword(password);
    const found = await this.deps.users.findByName(journalId, name);
    if (found) {
      this.deps.userState?.forget(found.id);
      return this.deps.users.update(journalId, found.id, { passwordHash, status: 'enabled', disabledByOperator: false, role, allowedIps });
    }
    return this.deps.users.create({ journalId, name, passwordHash, status: 'enabled', role, allowedIps, createdby: 'seed' });
  }
}
