import { describe, expect, test } from 'vitest';
import { changesLockedName, isNameChangeAvailable, supportDisplayName } from './profile-rules.ts';

const unnamed = { firstName: null, lastName: null };
const halfNamed = { firstName: 'Anna', lastName: null };
const named = { firstName: 'Anna', lastName: 'Berg' };

describe('name lock', () => {
  test('the name can change until both parts are saved', () => {
    expect(isNameChangeAvailable(unnamed)).toBe(true);
    expect(isNameChangeAvailable(halfNamed)).toBe(true);
    expect(isNameChangeAvailable({ firstName: null, lastName: 'Berg' })).toBe(true);
    expect(isNameChangeAvailable(named)).toBe(false);
  });

  test('a locked name rejects different values but not the same ones', () => {
    expect(changesLockedName(named, { firstName: 'Hanna' })).toBe(true);
    expect(changesLockedName(named, { lastName: 'Borg' })).toBe(true);
    expect(changesLockedName(named, { firstName: 'Anna', lastName: 'Berg' })).toBe(false);
    expect(changesLockedName(named, { language: 'ru', gender: 'female' })).toBe(false);
    expect(changesLockedName(halfNamed, { firstName: 'Hanna', lastName: 'Borg' })).toBe(false);
  });
});

test('the support chat shows the first name, else the e-mail local part', () => {
  expect(supportDisplayName('Anna', 'a@example.com')).toBe('Anna');
  expect(supportDisplayName(null, 'anna.berg@example.com')).toBe('anna.berg');
  expect(supportDisplayName(null, 'odd"@local"@example.com')).toBe('odd"@local"');
});
