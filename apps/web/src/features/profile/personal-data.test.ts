import { describe, expect, it } from 'vitest';
import { personalDataDefaults, personalDataSchema, personalDataUpdate } from './personal-data';

const adult = {
  firstName: ' Anna ',
  lastName: 'Kowalska-Nowak',
  gender: 'female',
  dateOfBirth: '1990-05-17',
};

function messages(nameEditable: boolean, input: Record<string, unknown>) {
  const result = personalDataSchema(nameEditable).safeParse(input);
  if (result.success) return {};
  // The form shows the first problem of each field, as the resolver does.
  const firstByField: Record<string, string> = {};
  for (const issue of result.error.issues) firstByField[issue.path.join('.')] ??= issue.message;
  return firstByField;
}

describe('personal data form', () => {
  it('accepts a complete adult profile and sends trimmed names while editable', () => {
    const values = personalDataSchema(true).parse(adult);
    expect(personalDataUpdate(values, true)).toEqual({
      firstName: 'Anna',
      lastName: 'Kowalska-Nowak',
      gender: 'female',
      dateOfBirth: '1990-05-17',
    });
  });

  it('checks names with the contract rules only while they can change', () => {
    expect(messages(true, { ...adult, firstName: 'R2-D2', lastName: '' })).toEqual({
      firstName: 'Validation.invalid_name',
      lastName: 'Validation.required',
    });
    expect(messages(false, { ...adult, firstName: '', lastName: '' })).toEqual({});
  });

  it('never sends locked names', () => {
    const values = personalDataSchema(false).parse(adult);
    expect(personalDataUpdate(values, false)).toEqual({
      gender: 'female',
      dateOfBirth: '1990-05-17',
    });
  });

  it('reports missing gender, bad dates and minors with Validation keys', () => {
    expect(messages(true, { ...adult, gender: undefined })).toMatchObject({
      gender: 'Validation.required',
    });
    expect(messages(true, { ...adult, dateOfBirth: '1990-02-30' })).toMatchObject({
      dateOfBirth: 'Validation.invalid_date',
    });
    const recent = new Date();
    recent.setUTCFullYear(recent.getUTCFullYear() - 10);
    expect(
      messages(true, { ...adult, dateOfBirth: recent.toISOString().slice(0, 10) }),
    ).toMatchObject({
      dateOfBirth: 'Validation.underage',
    });
  });

  it('fills the form from the profile, empty where nothing is saved', () => {
    expect(
      personalDataDefaults({
        firstName: null,
        lastName: 'Ivanov',
        gender: null,
        dateOfBirth: null,
      }),
    ).toEqual({ firstName: '', lastName: 'Ivanov', gender: undefined, dateOfBirth: '' });
  });
});

describe('personal data form, several problems at once', () => {
  it('reports name problems together with the other fields', () => {
    expect(
      messages(true, { firstName: 'R2-D2', lastName: '', gender: undefined, dateOfBirth: '' }),
    ).toEqual({
      firstName: 'Validation.invalid_name',
      lastName: 'Validation.required',
      gender: 'Validation.required',
      dateOfBirth: 'Validation.required',
    });
  });
});
