import type { Config } from '../config.ts';
import type { Services } from '../services.ts';

/**
 * What every start needs, demo or not: the first operator (so someone can sign in to the
 * backoffice) and the initial restricted-country list, both written only when missing; and the
 * casino catalog, upserted so that operator changes (rtp, enabled, label) survive restarts.
 */
export async function bootstrapPlatform(services: Services, config: Config): Promise<void> {
  await services.operators.ensureOperator({
    email: config.operatorEmail,
    password: config.operatorPassword,
    roles: ['admin'],
  });
  // TOTP secrets stored plain before OPERATOR_TOTP_KEY are encrypted now (idempotent)
  await services.operators.encryptPlainTotpSecrets();
  await services.settings.seedRestrictedCountries(config.restrictedCountries);
  await services.games.seedCatalog();
}
