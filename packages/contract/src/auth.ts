import { z } from 'zod';

export const passwordMinLength = 8;
export const passwordMaxLength = 128;

export const emailSchema = z
  .string({ error: 'Validation.required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Validation.required' })
  .max(254, { error: 'Validation.invalid_email' })
  .pipe(z.email({ error: 'Validation.invalid_email' }));

export const passwordSchema = z
  .string({ error: 'Validation.required' })
  .min(1, { error: 'Validation.required' })
  .min(passwordMinLength, { error: 'Validation.password_too_short' })
  .max(passwordMaxLength, { error: 'Validation.password_too_long' });

export const credentialsSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
});
export type Credentials = z.infer<typeof credentialsSchema>;

/** Login does not apply the password length rules: a wrong password is just wrong. */
export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: 'Validation.required' })
    .min(1, { error: 'Validation.required' })
    .max(passwordMaxLength, { error: 'Validation.password_too_long' }),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = credentialsSchema;
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const authTokenResponseSchema = z.object({ token: z.string() });
export type AuthTokenResponse = z.infer<typeof authTokenResponseSchema>;

export const operatorRoles = ['admin', 'finance', 'support'] as const;
export const operatorRoleSchema = z.enum(operatorRoles);
export type OperatorRole = z.infer<typeof operatorRoleSchema>;

export const operatorProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: operatorRoleSchema,
});
export type OperatorProfile = z.infer<typeof operatorProfileSchema>;

export const playerSessionCookie = 'session';
export const operatorSessionCookie = 'operator_session';
