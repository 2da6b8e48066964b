import { z } from 'zod';

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
  user: { id: string; name: string };
}

export const userUpdateSchema = z.object({
  name: usernameField,
  password: z.string().max(200).optional().or(z.literal('')),
  /** Needed whenever `password` is set. */
  currentPassword: z.string().max(200).optional().or(z.literal('')),
});

/** The admin's Users screen: a new staff account of the caller's journal. */
export const staffCreateSchema = z.strictObject({ name: usernameField, password: passwordField });
export type StaffCreateInput = z.infer<typeof staffCreateSchema>;

export const staffStatusSchema = z.strictObject({ status: z.enum(['enabled', 'disabled']) });
export const staffPasswordSchema = z.strictObject({ password: passwordField });

/** A staff account as the Users screen lists it. */
export interface StaffUserView {
  id: string;
  name: string;
  status: 'enabled' | 'disabled';
  allowedIps: string[];
  createdby: string;
  modifiedby: string;
}
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

export const objectIdSchema = z.string().regex(/^[a-f0-9]{24}$/, 'Invalid id');
