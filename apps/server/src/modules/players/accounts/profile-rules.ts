import type { UpdateProfileBody } from '@casino/contract';

export interface PersonName {
  firstName: string | null;
  lastName: string | null;
}

/** A player may set their name until both parts are saved; afterwards only support changes it. */
export function isNameChangeAvailable(name: PersonName): boolean {
  return name.firstName === null || name.lastName === null;
}

/** True when the update would alter a locked name (re-sending the saved value is fine). */
export function changesLockedName(current: PersonName, update: UpdateProfileBody): boolean {
  if (isNameChangeAvailable(current)) return false;
  const changesFirst = update.firstName !== undefined && update.firstName !== current.firstName;
  const changesLast = update.lastName !== undefined && update.lastName !== current.lastName;
  return changesFirst || changesLast;
}

/** What the support chat calls the player: the first name, else the e-mail's local part. */
export function supportDisplayName(firstName: string | null, email: string): string {
  if (firstName) return firstName;
  const at = email.lastIndexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}
