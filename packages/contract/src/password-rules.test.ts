import { beforeAll, describe, expect, test } from 'vitest';
import { loginBodySchema, registerBodySchemaWith } from './auth.ts';
import {
  type CommonPasswords,
  isPasswordLikeEmail,
  loadCommonPasswords,
  noCommonPasswords,
  passwordLength,
  passwordProblem,
} from './password-rules.ts';

let commonPasswords: CommonPasswords;

beforeAll(async () => {
  commonPasswords = await loadCommonPasswords();
});

function problem(password: string, email?: string) {
  return passwordProblem(password, { email, commonPasswords });
}

function registerFieldMessages(body: { email: string; password: string }) {
  const result = registerBodySchemaWith(commonPasswords).safeParse(body);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('passwordProblem', () => {
  test('refuses the passwords everyone tries first', () => {
    expect(problem('12345678')).toBe('Validation.password_common');
    expect(problem('password')).toBe('Validation.password_common');
    expect(problem('qwertyuiop')).toBe('Validation.password_common');
    expect(problem('iloveyou')).toBe('Validation.password_common');
  });

  test('compares without case and width, so capitals do not make a common password rare', () => {
    expect(problem('Password1')).toBe('Validation.password_common');
    expect(problem('PASSWORD123')).toBe('Validation.password_common');
    expect(problem('ＰａｓｓＷｏｒｄ')).toBe('Validation.password_common');
  });

  test('refuses repeated and sequential characters that no list needs to hold', () => {
    expect(problem('zzzzzzzzzz')).toBe('Validation.password_common');
    expect(problem('xyxyxyxyxy')).toBe('Validation.password_common');
    expect(problem('abcdefghij')).toBe('Validation.password_common');
    expect(problem('98765432')).toBe('Validation.password_common');
  });

  test('refuses the e-mail address, its name part and their derivatives', () => {
    const email = 'john.smith@example.com';
    expect(problem('john.smith@example.com', email)).toBe('Validation.password_like_email');
    expect(problem('JOHN.SMITH@EXAMPLE.COM', email)).toBe('Validation.password_like_email');
    expect(problem('john.smith', email)).toBe('Validation.password_like_email');
    expect(problem('John.Smith1990', email)).toBe('Validation.password_like_email');
    expect(problem('johnsmith!!', email)).toBe('Validation.password_like_email');
    expect(problem('john smith and a horse', email)).toBeNull();
  });

  test('refuses the service name with digits and symbols around it', () => {
    expect(problem('Casino2026!')).toBe('Validation.password_like_service');
    expect(problem('lucky-orbit-1')).toBe('Validation.password_like_service');
    expect(problem('my casino nights')).toBeNull();
  });

  test('has no composition rules: long phrases, spaces, symbols and any script pass', () => {
    expect(problem('correct horse battery')).toBeNull();
    expect(problem('demo-player-2026')).toBeNull();
    expect(problem('demo-vip-2026')).toBeNull();
    expect(problem('пароль для казино на лето')).toBeNull();
    expect(problem('🎲🎰🃏 lucky seven 🍀')).toBeNull();
    expect(problem('ﾊﾟｽﾜｰﾄﾞは長い方がいい')).toBeNull();
    expect(problem('all lower case letters only')).toBeNull();
  });

  test('counts characters as code points, from 8 to 128', () => {
    expect(passwordLength('🎲🎰🃏🍀')).toBe(4);
    expect(problem('🎲🎰🃏🍀🎲🎰🃏')).toBe('Validation.password_too_short');
    expect(problem('🎲🎰🃏🍀🎲🎰🃏🍀')).toBeNull();
    expect(problem('a7#k')).toBe('Validation.password_too_short');
    const phrase = 'съешь же ещё этих мягких французских булок, да выпей чаю 🎲🃏 ';
    const longest = [...phrase.repeat(3)].slice(0, 128).join('');
    expect(problem(longest)).toBeNull();
    expect(problem(`${longest}!`)).toBe('Validation.password_too_long');
    // 128 emoji are 256 UTF-16 units and still allowed.
    expect(problem('🎲🎰🃏🍀'.repeat(32))).toBeNull();
  });

  test('without the list only the list check is skipped', () => {
    expect(passwordProblem('password', { commonPasswords: noCommonPasswords })).toBeNull();
    expect(passwordProblem('12345678', { commonPasswords: noCommonPasswords })).toBe(
      'Validation.password_common',
    );
    expect(
      passwordProblem('someone@example.com', {
        email: 'someone@example.com',
        commonPasswords: noCommonPasswords,
      }),
    ).toBe('Validation.password_like_email');
  });

  test('isPasswordLikeEmail ignores an address with too few letters to build on', () => {
    expect(isPasswordLikeEmail('a1234567', 'a@b.co')).toBe(false);
    expect(isPasswordLikeEmail('a@b.co', 'a@b.co')).toBe(true);
  });
});

describe('the sign-up body', () => {
  test('reports a weak password on the password field with its message key', () => {
    expect(registerFieldMessages({ email: 'someone@example.com', password: '12345678' })).toEqual([
      { path: 'password', message: 'Validation.password_common' },
    ]);
    expect(registerFieldMessages({ email: 'someone@example.com', password: 'password' })).toEqual([
      { path: 'password', message: 'Validation.password_common' },
    ]);
    expect(
      registerFieldMessages({ email: 'Someone@Example.com', password: 'someone@example.com' }),
    ).toEqual([{ path: 'password', message: 'Validation.password_like_email' }]);
  });

  test('accepts a good password unchanged (no trimming)', () => {
    const parsed = registerBodySchemaWith(commonPasswords).parse({
      email: ' Someone@Example.com ',
      password: ' correct horse battery ',
    });
    expect(parsed).toEqual({ email: 'someone@example.com', password: ' correct horse battery ' });
  });

  test('sign-in applies no new-password rule but the same maximum', () => {
    expect(loginBodySchema.safeParse({ email: 'a@example.com', password: '1234' }).success).toBe(
      true,
    );
    expect(
      loginBodySchema.safeParse({ email: 'a@example.com', password: '🎲🎰🃏🍀'.repeat(32) })
        .success,
    ).toBe(true);
    expect(
      loginBodySchema.safeParse({ email: 'a@example.com', password: 'x'.repeat(129) }).success,
    ).toBe(false);
  });
});
