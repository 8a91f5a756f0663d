import {
  dateOfBirthSchema,
  genderSchema,
  type Profile,
  personNameSchema,
  type UpdateProfileBody,
  utcDay,
} from '@casino/contract';
import { z } from 'zod';

/**
 * The personal-data form. Names follow the contract rules only while they can still be changed;
 * once locked they are shown read-only and never sent.
 */
export function personalDataSchema(nameEditable: boolean) {
  const nameSchema = nameEditable ? personNameSchema : z.string();
  return z.object({
    firstName: nameSchema,
    lastName: nameSchema,
    gender: genderSchema,
    dateOfBirth: dateOfBirthSchema,
  });
}

export type PersonalDataInput = z.input<ReturnType<typeof personalDataSchema>>;
export type PersonalDataValues = z.output<ReturnType<typeof personalDataSchema>>;

export function personalDataDefaults(
  profile: Pick<Profile, 'firstName' | 'lastName' | 'gender' | 'dateOfBirth'>,
): Partial<PersonalDataInput> {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    gender: profile.gender ?? undefined,
    dateOfBirth: profile.dateOfBirth ?? '',
  };
}

/** The PATCH body: names only while editable, trimmed as the contract expects. */
export function personalDataUpdate(
  values: PersonalDataValues,
  nameEditable: boolean,
): UpdateProfileBody {
  const body: UpdateProfileBody = { gender: values.gender, dateOfBirth: values.dateOfBirth };
  if (nameEditable) {
    body.firstName = values.firstName.trim();
    body.lastName = values.lastName.trim();
  }
  return body;
}

/** Latest birth date the form allows to pick: today (the age rule gives the precise message). */
export function todayIsoDate(now: Date = new Date()): string {
  return utcDay(now);
}
