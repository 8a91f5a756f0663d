import { expect, test } from 'vitest';
import { normaliseOrigin } from './origin.ts';

test('normaliseOrigin keeps scheme, host and a non-default port, as browsers send Origin', () => {
  expect(normaliseOrigin('https://casino.example')).toBe('https://casino.example');
  expect(normaliseOrigin('https://Casino.Example/')).toBe('https://casino.example');
  expect(normaliseOrigin('https://casino.example:443')).toBe('https://casino.example');
  expect(normaliseOrigin('http://localhost:5173')).toBe('http://localhost:5173');
  expect(normaliseOrigin('http://[::1]:8080')).toBe('http://[::1]:8080');
});

test('normaliseOrigin refuses what is not an http(s) origin', () => {
  for (const value of [
    'null',
    '',
    'casino.example',
    'ftp://casino.example',
    'https://casino.example/admin',
    'https://casino.example?x=1',
    'https://casino.example#top',
    'https://user:secret@casino.example',
  ]) {
    expect(normaliseOrigin(value), value).toBeNull();
  }
});
