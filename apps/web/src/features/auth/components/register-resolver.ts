import {
  type CommonPasswords,
  loadCommonPasswords,
  noCommonPasswords,
  type RegisterBody,
  registerBodySchemaWith,
} from '@casino/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';

export type RegisterInput = z.input<ReturnType<typeof registerBodySchemaWith>>;
type RegisterResolver = Resolver<RegisterInput, unknown, RegisterBody>;

const resolvers = new WeakMap<CommonPasswords, RegisterResolver>();

/** Starts fetching the common-password list (its own chunk), e.g. when the field gets focus. */
export function preloadCommonPasswords(): void {
  loadCommonPasswords().catch(() => undefined);
}

/**
 * The contract's sign-up rules with the common-password list, fetched the first time the form
 * validates so it stays out of the first load. Should it fail to load (offline), the form checks
 * the rest and the server, which always has the list, answers for it next to the field.
 */
export const registerResolver: RegisterResolver = async (values, context, options) => {
  const commonPasswords = await loadCommonPasswords().catch(() => noCommonPasswords);
  let resolver = resolvers.get(commonPasswords);
  if (!resolver) {
    resolver = zodResolver(registerBodySchemaWith(commonPasswords));
    resolvers.set(commonPasswords, resolver);
  }
  return await resolver(values, context, options);
};
