import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { verifyInitData } from './init-data.ts';

const botToken = '7000000001:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const otherToken = '7000000002:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const now = new Date('2026-11-21T10:00:00Z');
const authDate = Math.floor(now.getTime() / 1000) - 60;
const user = JSON.stringify({ id: 279058397, first_name: 'Anna', username: 'anna' });

/** Signs launch data the way the messenger documents it, written out here independently. */
function sign(fields: Record<string, string>, token = botToken): string {
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  const hash = createHmac('sha256', secret).update(checkString).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

const fields = {
  query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
  user,
  auth_date: String(authDate),
  signature: 'W8g7m2n1x0y9z8a7b6c5d4e3f2g1h0',
};

describe('messenger launch data', () => {
  test('data signed with the bot token names its user', () => {
    const result = verifyInitData(sign(fields), botToken, now);
    expect(result).toEqual({
      ok: true,
      value: {
        messengerUserId: '279058397',
        authDate: new Date(authDate * 1000),
        languageCode: null,
      },
    });
  });

  test('the order of the fields in the query string does not matter', () => {
    const signed = new URLSearchParams(sign(fields));
    const reversed = new URLSearchParams([...signed.entries()].reverse()).toString();
    expect(verifyInitData(reversed, botToken, now).ok).toBe(true);
  });

  test('another bot’s signature, a changed field or a changed hash is refused', () => {
    expect(verifyInitData(sign(fields, otherToken), botToken, now)).toEqual({
      ok: false,
      problem: 'bad_signature',
    });
    const tampered = new URLSearchParams(sign(fields));
    tampered.set('user', JSON.stringify({ id: 1, first_name: 'Mallory' }));
    expect(verifyInitData(tampered.toString(), botToken, now)).toEqual({
      ok: false,
      problem: 'bad_signature',
    });
    const flipped = new URLSearchParams(sign(fields));
    const hash = flipped.get('hash') ?? '';
    flipped.set('hash', `${hash.slice(0, -1)}${hash.endsWith('0') ? '1' : '0'}`);
    expect(verifyInitData(flipped.toString(), botToken, now).ok).toBe(false);
  });

  test('launch data older than a day is refused; a day old is still accepted', () => {
    const dayOld = Math.floor(now.getTime() / 1000) - 24 * 60 * 60;
    expect(verifyInitData(sign({ ...fields, auth_date: String(dayOld) }), botToken, now).ok).toBe(
      true,
    );
    expect(
      verifyInitData(sign({ ...fields, auth_date: String(dayOld - 1) }), botToken, now),
    ).toEqual({ ok: false, problem: 'expired' });
  });

  test('no hash, a repeated field or no user is refused', () => {
    expect(verifyInitData(new URLSearchParams(fields).toString(), botToken, now)).toEqual({
      ok: false,
      problem: 'malformed',
    });
    expect(verifyInitData(`${sign(fields)}&auth_date=${authDate}`, botToken, now)).toEqual({
      ok: false,
      problem: 'malformed',
    });
    const { user: _user, ...withoutUser } = fields;
    expect(verifyInitData(sign(withoutUser), botToken, now)).toEqual({
      ok: false,
      problem: 'no_user',
    });
  });
});
