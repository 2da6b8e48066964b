import { z } from 'zod';
import { staffRoles, type StaffRole } from './roles.js';
import { passwordShapeProblem } from './password.rules.js';

/** docs/product.md#roles */
export const staffRoleSchema = z.enum(staffRoles, { error: 'Role must be manager, editor or worklog' });

const usernameField = z.string().trim().min(1, 'Username is required').max(100);
/** Passwords are taken as typed: no trimming. */
const passwordField = z.string().min(1, 'Password is required').max(200);

export const loginSchema = z.object({ username: usernameField, password: passwordField });
export type LoginInput = z.infer<typeof loginSchema>;

export const loginErrorCodes = ['invalid_credentials', 'disabled', 'invalid_ip'] as const;
export type LoginErrorCode = (typeof loginErrorCodes)[number];

/** docs/product.md#error-messages: the text shown for each login error code. */
export const loginErrorMessage = (code: string | undefined): string => {
  switch (code) {
    case 'invalid_credentials':
      return 'Invalid user and password';
    case 'disabled':
      return 'User disabled';
    case 'invalid_ip':
      return 'Invalid IP';
    default:
      return 'Something went wrong';
  }
};

export interface LoginResponse {
  token: string;
  user: { id: string; name: string; role: StaffRole };
}

/**
 * Latin letters and digits only (and `. _ @ -`): no letter of another script can stand in for a
 * Latin one (Cyrillic 'а' in 'аdmin'), and no control, invisible, direction or full-width character
 * can hide in a name. What is left to look alike is case, which the normal form below folds.
 */
const USER_NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,99}$/;
export const USER_NAME_MESSAGE = 'User name must be 1-100 letters, digits, dots, dashes, underscores or @, starting with a letter or digit';
/** docs/product.md#roles: the rule of every stored user name (creation and renames alike). */
export function userNameProblem(name: string): string | null {
  return USER_NAME.test(name) ? null : USER_NAME_MESSAGE;
}

/**
 * docs/security.md#user-names: the one form under which a journal knows a user name. Unicode NFKC
 * (full-width 'ＡＤＭＩＮ' is 'ADMIN'), then case-folded (upper then lower case, so 'ß' and 'SS'
 * meet as 'ss'), then NFKC again, as Unicode's NFKC_Casefold. Two names with one form are one
 * person: creating, renaming, signing in and throttling all go by it.
 */
export const userNameKey = (name: string): string => name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');

/** One rendering of a name with the letters a screen shows alike made one: I, l, 1 and |; O and 0; then rn and m, vv and w. */
const skeleton = (shown: string) => userNameKey(shown.replace(/[Il1|]/g, '|').replace(/[O0]/g, 'o')).replace(/rn/g, 'm').replace(/vv/g, 'w');

/**
 * What a name looks like, as typed (the admin, the activity log) and in capitals (the work-log):
 * Unicode's confusable skeleton for the characters a user name may hold. Two names of different
 * normal forms that share either look are look-alikes (`AIice` and `Alice`, `ADM1N` and `admin`):
 * no new name may look like another user's.
 */
export const userNameLooks = (name: string): [asTyped: string, capitals: string] => {
  const n = name.normalize('NFKC');
  return [skeleton(n), skeleton(n.toUpperCase())];
};

/** Whether two user names of different normal forms would be mistaken for each other on screen. */
export const userNamesLookAlike = (a: string, b: string): boolean => {
  if (userNameKey(a) === userNameKey(b)) return false;
  const [la, ua] = userNameLooks(a);
  const [lb, ub] = userNameLooks(b);
  return la === lb || ua === ub;
};

/** A user name to store: no trimming, so control characters and spaces are refused, not hidden. */
const newUserNameField = z.string().min(1, 'Username is required').refine((s) => userNameProblem(s) === null, USER_NAME_MESSAGE);

/**
 * A new password held to the rules a form can check itself (docs/security.md#passwords-and-login-throttling),
 * with `name` the user's name where the form has it; the auth service also refuses common ones.
 */
const checkNewPassword = (password: string | undefined, name: string, ctx: z.RefinementCtx) => {
  const problem = password ? passwordShapeProblem(password, name) : null;
  if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
};

export const userUpdateSchema = z
  .object({
    name: newUserNameField,
    password: z.string().max(200).optional().or(z.literal('')),
    /** Needed whenever `password` is set. */
    currentPassword: z.string().max(200).optional().or(z.literal('')),
  })
  .superRefine((v, ctx) => checkNewPassword(v.password, v.name, ctx));

/** The admin's Users screen: a new staff account of the caller's journal. */
export const staffCreateSchema = z
  .strictObject({ name: newUserNameField, password: passwordField, role: staffRoleSchema })
  .superRefine((v, ctx) => checkNewPassword(v.password, v.name, ctx));
export type StaffCreateInput = z.infer<typeof staffCreateSchema>;

export const staffStatusSchema = z.strictObject({ status: z.enum(['enabled', 'disabled']) });
export const staffPasswordSchema = z.strictObject({ password: passwordField }).superRefine((v, ctx) => checkNewPassword(v.password, '', ctx));
export const staffRoleChangeSchema = z.strictObject({ role: staffRoleSchema });
export type StaffRoleChangeInput = z.infer<typeof staffRoleChangeSchema>;

/** POST /auth/reauth: the actor's current password, before a sensitive act. */
export const reauthSchema = z.strictObject({ password: passwordField });
export type ReauthInput = z.infer<typeof reauthSchema>;
export interface ReauthResponse {
  ok: true;
  /** Until when (ISO time) sensitive acts of this session are accepted. */
  until: string;
}

/** A staff account as the Users screen lists it. */
export interface StaffUserView {
  id: string;
  name: string;
  status: 'enabled' | 'disabled';
  role: StaffRole;
  /** Disabled by the operator (CLI): only the operator enables it again. */
  disabledByOperator: boolean;
  allowedIps: string[];
  createdby: string;
  modifiedby: string;
}
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

