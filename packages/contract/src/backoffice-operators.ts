import { z } from 'zod';
import {
  emailSchema,
  newPasswordSchema,
  operatorProfileSchema,
  operatorRoleSchema,
  operatorRolesSchema,
} from './auth.ts';
import { offsetPageMetaSchema, pageLimitSchema, pageOffsetSchema } from './pagination.ts';
import { type CommonPasswords, isPasswordLikeEmail } from './password-rules.ts';

/**
 * An IP allow-list entry: an IPv4 or IPv6 network in CIDR notation (`203.0.113.0/24`,
 * `2001:db8::/32`) or a single address (`198.51.100.7`, taken as /32 or /128).
 */
export const ipAllowListEntrySchema = z
  .string()
  .trim()
  .max(64)
  .refine(
    (value) =>
      z.cidrv4().safeParse(value).success ||
      z.cidrv6().safeParse(value).success ||
      z.ipv4().safeParse(value).success ||
      z.ipv6().safeParse(value).success,
    { error: 'Validation.invalid_value' },
  );
export const ipAllowListSchema = z.array(ipAllowListEntrySchema).max(50);

/**
 * `GET /api/backoffice/v1/me`: the operator, their roles and what they may call. `permissions`
 * lists every back-office route the roles open, as `METHOD /path` exactly as the API declares
 * it (`POST /api/backoffice/v1/players/:globalId/ban`): the app hides what is not listed.
 */
export const operatorMeSchema = operatorProfileSchema.extend({
  permissions: z.array(z.string()),
  totpEnabled: z.boolean(),
  ipAllowList: z.array(z.string()),
  /** the IANA zone the back office shows dates in (`PATCH /me`); null: the browser's */
  timeZone: z.string().nullable(),
});
export type OperatorMe = z.infer<typeof operatorMeSchema>;

/** One operator as the admin sees them. */
export const operatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  roles: z.array(operatorRoleSchema),
  disabled: z.boolean(),
  totpEnabled: z.boolean(),
  ipAllowList: z.array(z.string()),
  createdAt: z.string(),
});
export type Operator = z.infer<typeof operatorSchema>;
/**
 * `GET /api/backoffice/v1/operators` (admin): `query` a part of the e-mail, `role`, `status`
 * (active or disabled), `sort=createdAt|email` with `order`, `limit`/`offset` pages.
 */
export const operatorListQuerySchema = z.strictObject({
  query: z.string().trim().max(254, { error: 'Validation.invalid_value' }).optional(),
  role: operatorRoleSchema.optional(),
  status: z.enum(['active', 'disabled'], { error: 'Validation.invalid_value' }).optional(),
  sort: z.enum(['createdAt', 'email'], { error: 'Validation.invalid_value' }).default('createdAt'),
  order: z.enum(['asc', 'desc'], { error: 'Validation.invalid_value' }).default('asc'),
  limit: pageLimitSchema(100, 50),
  offset: pageOffsetSchema(100_000),
});
export type OperatorListQuery = z.infer<typeof operatorListQuerySchema>;

export const operatorListSchema = z.object({
  operators: z.array(operatorSchema),
  meta: offsetPageMetaSchema,
});

/** `POST /api/backoffice/v1/operators`: the players' password rules apply. */
export function createOperatorBodySchemaWith(commonPasswords: CommonPasswords) {
  return z
    .strictObject({
      email: emailSchema,
      password: newPasswordSchema(commonPasswords),
      roles: operatorRolesSchema,
      ipAllowList: ipAllowListSchema.optional(),
    })
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
export type CreateOperatorBody = z.infer<ReturnType<typeof createOperatorBodySchemaWith>>;

/**
 * `PATCH /api/backoffice/v1/operators/{id}`: any of roles, disabled (a disabled operator cannot
 * sign in and their sessions end), the IP allow-list (empty: any address), or resetTotp (turns
 * two-factor off so the operator enrols again).
 */
export const updateOperatorBodySchema = z
  .strictObject({
    roles: operatorRolesSchema.optional(),
    disabled: z.boolean().optional(),
    ipAllowList: ipAllowListSchema.optional(),
    resetTotp: z.literal(true).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Validation.required',
  });
export type UpdateOperatorBody = z.infer<typeof updateOperatorBodySchema>;

export const operatorIdParamsSchema = z.strictObject({ id: z.uuid() });

/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`, letters and digits). */
export const totpCodeSchema = z
  .string({ error: 'Validation.required' })
  .trim()
  .min(6, { error: 'Validation.invalid_value' })
  .max(32, { error: 'Validation.invalid_value' });

/**
 * Operator sign-in answers either the session (`{ token }`, cookie set) or, for an operator with
 * two-factor on, `{ status: 'totp_required', challenge }`: the challenge (valid 5 minutes, one
 * use) then goes to `POST /api/backoffice/v1/auth/totp` with the code.
 */
export const operatorLoginResponseSchema = z.union([
  z.object({ token: z.string() }),
  z.object({ status: z.literal('totp_required'), challenge: z.string() }),
]);
export type OperatorLoginResponse = z.infer<typeof operatorLoginResponseSchema>;

export const totpLoginBodySchema = z.strictObject({
  challenge: z.string().min(1).max(128),
  code: totpCodeSchema,
});
export type TotpLoginBody = z.infer<typeof totpLoginBodySchema>;

/** Enrolment: the secret (base32), its otpauth:// URL and that URL as a QR code (SVG data URL). */
export const totpEnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCode: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const totpConfirmBodySchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'Validation.invalid_value' }),
});

/** The ten single-use recovery codes, shown once. */
export const totpRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const operatorSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** the session of this request */
  current: z.boolean(),
});
export const operatorSessionListSchema = z.object({ sessions: z.array(operatorSessionSchema) });
export const operatorSessionParamsSchema = z.strictObject({ id: z.uuid() });
