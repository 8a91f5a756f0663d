/**
 * What a new password must be, after NIST SP 800-63B (§3.1.1.2 of revision 4, §5.1.1.2 of
 * revision 3): a length range counted in Unicode code points, every character allowed (spaces,
 * symbols, any script; nothing trimmed or truncated), no composition rules (no "one digit and one
 * capital"), and a refusal of passwords that are commonly used or easily derived from what an
 * attacker knows: a list of common passwords, the account's e-mail address and its name part, the
 * service's name, repetitive or sequential characters.
 *
 * The minimum is 8, the bound revision 3 sets for every memorised secret and revision 4 sets for
 * a password used with a second factor; revision 4 asks 15 for a password that is the only factor.
 * The platform keeps 8 (the register form's rule since the start, what players of real-money
 * casinos are used to) and relies for online guessing on the list check below and on the sign-in
 * throttles (per IP, per account), and for a stolen database on argon2id. Raising it is this one
 * constant plus the `Validation.password_too_short` texts.
 *
 * The common-password list is the one of `@zxcvbn-ts/language-common` (MIT; about 49,000 entries
 * from leaked-password corpora, the list zxcvbn rates passwords with), loaded on demand: the
 * browser fetches it only when the sign-up form is used, so it stays out of the first load.
 */

export const passwordMinLength = 8;
/** NIST asks to allow at least 64; a longer one is refused rather than silently cut. */
export const passwordMaxLength = 128;

export type PasswordProblem =
  | 'Validation.password_too_short'
  | 'Validation.password_too_long'
  | 'Validation.password_common'
  | 'Validation.password_like_email'
  | 'Validation.password_like_service';

/** Lowercased common passwords (see `loadCommonPasswords`). */
export interface CommonPasswords {
  has(lowercased: string): boolean;
}

/** For a caller that could not load the list: the server checks again with it. */
export const noCommonPasswords: CommonPasswords = { has: () => false };

/** Words of the service itself, compared by their letters: `Casino2026!`, `lucky-orbit`. */
const serviceWords = ['casino', 'luckyorbit', 'sportsbook'];

/** Characters, as NIST counts them: an emoji or an accented letter written as one is one. */
export function passwordLength(password: string): number {
  let count = 0;
  for (const _codePoint of password) count += 1;
  return count;
}

/** Lowercased after NFKC, so `Ｐａｓｓｗｏｒｄ` and `PASSWORD` compare like `password`. */
function comparable(value: string): string {
  return value.normalize('NFKC').toLowerCase();
}

function lettersOf(value: string): string {
  return comparable(value).replace(/[^\p{L}]/gu, '');
}

/** One character repeated, or a block of two or three repeated: `aaaaaaaa`, `abababab`. */
function isRepetitive(password: string): boolean {
  const characters = [...password];
  for (let block = 1; block <= 3; block += 1) {
    if (characters.length < block * 2) return false;
    if (characters.every((character, index) => character === characters[index % block])) {
      return true;
    }
  }
  return false;
}

/** Every character one step from the previous, in one direction: `abcdefgh`, `98765432`. */
function isSequential(password: string): boolean {
  const codePoints = [...password].map((character) => character.codePointAt(0) ?? 0);
  const [first, second] = codePoints;
  if (first === undefined || second === undefined) return false;
  const step = second - first;
  if (step !== 1 && step !== -1) return false;
  return codePoints.every(
    (codePoint, index) => index === 0 || codePoint - step === codePoints[index - 1],
  );
}

/**
 * Whether the password is the e-mail address or its name part, or one of them with digits and
 * symbols around or inside (`John.Smith1990` for john.smith@example.com).
 */
export function isPasswordLikeEmail(password: string, email: string): boolean {
  const candidate = comparable(password);
  const address = comparable(email.trim());
  const localPart = address.slice(0, Math.max(0, address.lastIndexOf('@')));
  if (candidate === address || (localPart !== '' && candidate === localPart)) return true;
  const letters = lettersOf(password);
  // Under three letters is too little to say the password is built on the address.
  return (
    letters.length >= 3 && (letters === lettersOf(address) || letters === lettersOf(localPart))
  );
}

/** The service's name, alone or with digits and symbols: `Casino2026!`, `lucky-orbit`. */
function isLikeService(password: string): boolean {
  return serviceWords.includes(lettersOf(password));
}

/**
 * The first rule a new password breaks, as its message key, or null. Empty input is the
 * form's "required", not a problem of this rule.
 */
export function passwordProblem(
  password: string,
  context: { email?: string | undefined; commonPasswords: CommonPasswords },
): PasswordProblem | null {
  const length = passwordLength(password);
  if (length < passwordMinLength) return 'Validation.password_too_short';
  if (length > passwordMaxLength) return 'Validation.password_too_long';
  if (context.email !== undefined && isPasswordLikeEmail(password, context.email)) {
    return 'Validation.password_like_email';
  }
  if (isLikeService(password)) return 'Validation.password_like_service';
  if (
    context.commonPasswords.has(comparable(password)) ||
    isRepetitive(password) ||
    isSequential(password)
  ) {
    return 'Validation.password_common';
  }
  return null;
}

let commonPasswordsLoading: Promise<CommonPasswords> | undefined;

/**
 * The common-password list, loaded once (a separate chunk in the browser). A failed load is
 * forgotten so the next call tries again.
 */
export function loadCommonPasswords(): Promise<CommonPasswords> {
  commonPasswordsLoading ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(
        dictionary['passwords-common']
          .filter((password) => passwordLength(password) >= passwordMinLength)
          .map(comparable),
      ),
    (error: unknown) => {
      commonPasswordsLoading = undefined;
      throw error;
    },
  );
  return commonPasswordsLoading;
}
