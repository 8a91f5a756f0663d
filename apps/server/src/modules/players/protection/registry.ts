import type { SandboxOrOff } from '../../../config.ts';
import type { ExclusionRepository } from './exclusion.repository.ts';

/** The person a registry is asked about: the e-mail and, once the player gave it, the birth date. */
export interface RegistryPerson {
  email: string;
  /** YYYY-MM-DD; null when not known (at sign-up) */
  dateOfBirth: string | null;
}

/**
 * An operator-side national self-exclusion registry (like the UK's GAMSTOP), asked at sign-up
 * and at every sign-in: 'excluded' refuses with 403 `self_excluded` (payload.registry
 * 'national'). A live scheme plugs in here; RG_REGISTRY picks the implementation.
 */
export interface SelfExclusionRegistry {
  check(person: RegistryPerson): Promise<'clear' | 'excluded'>;
}

/**
 * The sandbox registry: lists the people the operator seeded in rg_registry_sandbox_entries
 * (an entry matches when each of its non-null fields does: the e-mail, the date of birth).
 * Refused in production unless RG_REGISTRY_SANDBOX_IN_PRODUCTION=true (config.ts).
 */
export class SandboxSelfExclusionRegistry implements SelfExclusionRegistry {
  constructor(private readonly repository: Pick<ExclusionRepository, 'sandboxListed'>) {}

  async check(person: RegistryPerson): Promise<'clear' | 'excluded'> {
    return (await this.repository.sandboxListed(person)) ? 'excluded' : 'clear';
  }
}

/** RG_REGISTRY=off: no registry is asked. */
const noRegistry: SelfExclusionRegistry = { check: async () => 'clear' };

export function selfExclusionRegistry(
  mode: SandboxOrOff,
  repository: Pick<ExclusionRepository, 'sandboxListed'>,
): SelfExclusionRegistry {
  return mode === 'sandbox' ? new SandboxSelfExclusionRegistry(repository) : noRegistry;
}
