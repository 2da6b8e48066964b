import type { Redis } from '@journal/server-kit';
import { AppError } from '@journal/server-kit';

export interface ThrottleLimits {
  /** Failures from one address on one account that pass before the delays start. */
  perIpUser: number;
  /** Failures from one address, whatever the accounts, that pass before the delays start. */
  perIp: number;
  /** How long failures are remembered. */
  windowSeconds: number;
  /** The first delay; each further failure doubles it, up to `maxDelaySeconds`. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  /**
   * Failures on one account from any address before the delays start. Only password re-checks
   * of a signed-in session use it: their caller holds a token, so spreading guesses over many
   * addresses must not help, and the wait falls on a session, not on the owner's sign-in.
   */
  perUser?: number;
}

/** Seconds to wait after the `failures`-th failure: none while under `free`, then doubling to the cap. */
export function delayAfter(failures: number, free: number, baseSeconds: number, maxSeconds: number): number {
  if (failures < free) return 0;
  const exp = Math.min(30, failures - free);
  return Math.min(maxSeconds, baseSeconds * 2 ** exp);
}

/** A 429 that tells the client when to try again. */
export class TooManyAttempts extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'too_many_attempts', `Too many failed logins; try again in ${retryAfterSeconds} s`, { retryAfter: retryAfterSeconds });
  }
}

const unavailable = () => new AppError(503, 'auth_unavailable', 'Login is unavailable right now, try again shortly');

/*
 * KEYS: ip, ipUser, user, ipWait, ipUserWait, userWait. ARGV: window, base, max, perIp, perIpUser,
 * perUser (0: no per-account counter). While any wait key lives, answers its milliseconds left and
 * counts nothing. Otherwise counts this attempt as a failure before the password is checked, sets
 * the waits that failure earns, and answers 0: the attempt that reaches a limit is the last one let
 * through, however many arrive at once. delayAfter above, in Lua.
 */
const RESERVE = `
local left = 0
for i = 4, 6 do
  local t = redis.call('PTTL', KEYS[i])
  if t > left then left = t end
end
if left > 0 then return left end
local window, base, max = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local function fail(counter, wait, free)
  local n = redis.call('INCR', counter)
  if n == 1 or redis.call('TTL', counter) < 0 then redis.call('EXPIRE', counter, window) end
  if n >= free then
    redis.call('SET', wait, '1', 'EX', math.min(max, base * 2 ^ math.min(30, n - free)))
  end
end
fail(KEYS[1], KEYS[4], tonumber(ARGV[4]))
fail(KEYS[2], KEYS[5], tonumber(ARGV[5]))
if tonumber(ARGV[6]) > 0 then fail(KEYS[3], KEYS[6], tonumber(ARGV[6])) end
return 0
`;

/*
 * The reserved attempt succeeded: it was no failure of the address (one fewer, and the address's
 * wait goes when the rest are under its allowance), and the address's, or the account's, failures
 * on this account are forgotten. KEYS as above; ARGV: perIp, perUser (0: none).
 */
const SUCCEEDED = `
local n = redis.call('DECR', KEYS[1])
if n <= 0 then redis.call('DEL', KEYS[1]) end
if n < tonumber(ARGV[1]) then redis.call('DEL', KEYS[4]) end
redis.call('DEL', KEYS[2], KEYS[5])
if tonumber(ARGV[2]) > 0 then redis.call('DEL', KEYS[3], KEYS[6]) end
return 0
`;

/** One attempt let through by {@link LoginThrottle.reserve}; already counted as a failure. */
export interface Attempt {
  /** The password was right: the attempt is taken back and the account's failures forgotten. */
  succeeded(): Promise<void>;
}

// Kept rather than rate-limiter-flexible: its limiters block for fixed spans (Fibonacci steps in ExpressBruteFlexible); the doubling delay per key, three counters in one script and the fail-closed 503 would be written around it all the same.
/**
 * Slows down guessing instead of locking accounts: failures are counted per client address and
 * per address and account, and past a free allowance each failure makes that key wait a doubling
 * delay. No counter spans addresses for one account on sign-in, so failures from elsewhere never
 * keep the account's owner out.
 *
 * Counts before it checks: an attempt is counted as a failure, in one Redis script with the look
 * at the waits, before its password is checked, and given back when the password was right. So
 * parallel attempts cannot all pass the look before any is counted: no more passwords are checked
 * than the limits allow. Every Redis error refuses the attempt (503): throttling fails closed.
 *
 * `account` is the account's normal form (docs/security.md#user-names) for sign-ins, and the
 * user's id for re-checks of a session, so a rename neither escapes nor borrows another's counts.
 */
export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limits: ThrottleLimits,
    /** `login` for sign-ins, `reauth` for password re-checks of a session (separate counters). */
    private readonly scope: 'login' | 'reauth' = 'login',
  ) {}

  private keys(journalId: string, ip: string, account: string): string[] {
    const ipUser = `${journalId}:${ip}:${account}`;
    const user = `${journalId}:${account}`;
    const p = `${this.prefix}${this.scope}`;
    return [`${p}:ip:${ip}`, `${p}:ipuser:${ipUser}`, `${p}:user:${user}`, `${p}:wait:ip:${ip}`, `${p}:wait:ipuser:${ipUser}`, `${p}:wait:user:${user}`];
  }

  /**
   * Lets one attempt through, counted as a failure until it {@link Attempt.succeeded}; throws 429
   * with the seconds left while this address, this address on this account, or (re-checks) this
   * account must wait.
   */
  async reserve(journalId: string, ip: string, account: string): Promise<Attempt> {
    const keys = this.keys(journalId, ip, account);
    const { windowSeconds, baseDelaySeconds, maxDelaySeconds, perIp, perIpUser, perUser = 0 } = this.limits;
    let leftMs: number;
    try {
      leftMs = Number(await this.redis.eval(RESERVE, keys.length, ...keys, windowSeconds, baseDelaySeconds, maxDelaySeconds, perIp, perIpUser, perUser));
    } catch {
      throw unavailable();
    }
    if (leftMs > 0) throw new TooManyAttempts(Math.ceil(leftMs / 1000));
    return {
      succeeded: async () => {
        await this.redis.eval(SUCCEEDED, keys.length, ...keys, perIp, perUser).catch(() => undefined);
      },
    };
  }
}
