import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { FlagsService } from './flags/flags.service.ts';
import { HealthRepository } from './health/health.repository.ts';
import { HealthService } from './health/health.service.ts';
import { LanguagesRepository } from './languages/languages.repository.ts';
import { LanguagesService } from './languages/languages.service.ts';
import { RateLimitsRepository } from './rate-limits/rate-limits.repository.ts';
import { RateLimitsService } from './rate-limits/rate-limits.service.ts';

export interface PlatformDependencies {
  db: Kysely<Database>;
  clock: Clock;
}

/** The platform wing: rate limits, languages, feature flags, health (the region check needs the operator's settings and is built with the back office). */
export function createPlatform({ db, clock }: PlatformDependencies) {
  return {
    rateLimits: new RateLimitsService({ repository: new RateLimitsRepository(db), clock }),
    languages: new LanguagesService({ repository: new LanguagesRepository(db) }),
    flags: new FlagsService(),
    health: new HealthService({ repository: new HealthRepository(db) }),
  };
}
