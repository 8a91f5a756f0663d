import { z } from 'zod';
import {
  type CommonPasswords,
  isPasswordLikeEmail,
  passwordLength,
  passwordMaxLength,
  passwordProblem,
} from './password-rules.ts';

export const emailSchema = z
  .string({ error: 'Validation.required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Validation.required' })
  .max(254, { error: 'Validation.invalid_email' })
  .pipe(z.email({ error: 'Validation.invalid_email' }));

/**
 * A new password (password-rules.ts), with the common-password list the caller loaded: the
 * server before it registers its routes, the browser when the sign-up form is first used.
 */
export function newPasswordSchema(commonPasswords: CommonPasswords) {
  return z
    .string({ error: 'Validation.required' })
    .min(1, { error: 'Validation.required' })
    .superRefine((password, context) => {
      const problem = passwordProblem(password, { commonPasswords });
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
}

/** Login does not apply the new-password rules: a wrong password is just wrong. */
export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: 'Validation.required' })
    .min(1, { error: 'Validation.required' })
    .refine((password) => passwordLength(password) <= passwordMaxLength, {
      error: 'Validation.password_too_long',
    }),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Sign-up: the password rules, and a password that is not the e-mail address. */
export function registerBodySchemaWith(commonPasswords: CommonPasswords) {
  return z
    .strictObject({ email: emailSchema, password: newPasswordSchema(commonPasswords) })
    .superRefine((body, context) => {
      if (isPasswordLikeEmail(body.password, body.email)) {
        context.addIssue({
          code: 'custom',
          path: ['password'],
          message: 'Validation.password_like_email',
        });
      }
    });
}
export type RegisterBody = z.infer<ReturnType<typeof registerBodySchemaWith>>;

export const authTokenResponseSchema = z.object({ token: z.string() });
export type AuthTokenResponse = z.infer<typeof authTokenResponseSchema>;

/**
 * An operator's roles (an operator may hold several). admin may do everything; the others
 * open their part of the back office: finance (payments, withdrawals, exchange rates, reports),
 * support (players, bans, verification), trading (the sportsbook), marketing (bonuses, promo
 * codes, wheel, banners, tournaments), read_only (the read routes of every part).
 */
export const operatorRoles = [
  'admin',
  'finance',
  'support',
  'trading',
  'marketing',
  'read_only',
] as const;
export const operatorRoleSchema = z.enum(operatorRoles);
export type OperatorRole = z.infer<typeof operatorRoleSchema>;
export const operatorRolesSchema = z
  .array(operatorRoleSchema)
  .min(1, { error: 'Validation.required' })
  .max(operatorRoles.length)
  .transform((roles) => [...new Set(roles)]);

export const operatorProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  roles: z.array(operatorRoleSchema),
});
export type OperatorProfile = z.infer<typeof operatorProfileSchema>;

export const playerSessionCookie = 'session';
export const operatorSessionCookie = 'operator_session';
