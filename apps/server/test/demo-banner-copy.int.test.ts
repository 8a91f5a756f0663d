import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  bonusOffersResponseSchema,
  cryptoMethodsResponseSchema,
  everydayMinDeposits,
  welcomeSteps,
} from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoPlayer } from '../src/db/demo-data.ts';
import {
  demoCryptoBonusBannerId,
  demoEverydayBannerId,
  demoFirstDepositBannerId,
  demoWelcomeBannerId,
  retiredDemoBannerWords,
  retiredDemoPartnerWords,
} from '../src/modules/promotions/banners/demo-banners.ts';
import { repositoryRoot } from '../src/paths.ts';
import { bearer, createTestApp, loginPlayer, type SignedIn, type TestApp } from './support/app.ts';

/**
 * The demo banners promise bonuses: each figure they show, in words and in their pictures, must
 * be one the offers the server really grants give (an earlier release advertised a 500 % welcome
 * pack over offers of 100, 75, 50 and 50 %, a weekly cashback and a Friday reload that did not
 * exist).
 */

let testApp: TestApp;
let player: SignedIn;

beforeAll(async () => {
  testApp = await createTestApp({ demoData: true });
  player = await loginPlayer(testApp.app, demoPlayer.email, demoPlayer.password);
});
afterAll(async () => {
  await testApp.close();
});

interface Words {
  title: string;
  text: string;
  image_fg: string;
}

async function bannerWords(id: string): Promise<{ en: Words; ru: Words }> {
  const row = await testApp.db
    .selectFrom('banners')
    .select('descriptions')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.descriptions as unknown as { en: Words; ru: Words };
}

/** The words a banner shows in one language: its title and text, and the text drawn in its art. */
async function shown(words: Words): Promise<string> {
  const art = await readFile(join(repositoryRoot, 'apps', 'web', 'public', words.image_fg), 'utf8');
  const drawn = [...art.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
  return [words.title, words.text, ...drawn].join(' | ');
}

const percents = (text: string) =>
  [...text.matchAll(/(\d+)\s?%/g)].map((match) => Number(match[1]));
const dollars = (text: string) =>
  [...text.matchAll(/\$([\d,]+)/g)].map((match) => Number((match[1] ?? '').replaceAll(',', '')));
const freeSpins = (text: string) =>
  [...text.matchAll(/(\d+) (?:free spins|фриспин)/g)].map((match) => Number(match[1]));

async function offers() {
  const response = await testApp.app.inject({ url: '/api/v2/bonuses', headers: bearer(player) });
  expect(response.statusCode, response.body).toBe(200);
  return bonusOffersResponseSchema.parse(response.json()).items;
}

async function bannerRow(id: string) {
  return await testApp.db
    .selectFrom('banners')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('demo banner copy against the offers it advertises', () => {
  test('the welcome pack names each welcome step’s percent, the sum of the caps and the free spins', async () => {
    const steps = welcomeSteps(await offers());
    expect(steps).toHaveLength(4);
    const words = await bannerWords(demoWelcomeBannerId);
    for (const locale of ['en', 'ru'] as const) {
      const text = await shown(words[locale]);
      expect(percents(text), text).toEqual(steps.map((step) => step.bonusValue));
      const caps = steps.reduce((sum, step) => sum + Number(step.bonus.conditions.maxAmount), 0);
      expect(dollars(text), text).toEqual([caps]);
      expect(freeSpins(text), text).toEqual([
        steps.reduce((sum, step) => sum + step.freeSpinValue, 0),
      ]);
    }
  });

  test('the first-deposit banner is the first welcome step, shown only before a deposit', async () => {
    const [first] = welcomeSteps(await offers());
    const words = await bannerWords(demoFirstDepositBannerId);
    for (const locale of ['en', 'ru'] as const) {
      const text = await shown(words[locale]);
      expect(new Set(percents(text)), text).toEqual(new Set([first?.bonusValue]));
      expect(dollars(text), text).toEqual([Number(first?.bonus.conditions.maxAmount)]);
      expect(freeSpins(text), text).toEqual([first?.freeSpinValue]);
    }
    expect((await bannerRow(demoFirstDepositBannerId)).deposits_count_to).toBe(0);
  });

  test('the everyday banner is the everyday offer’s percent, from the deposit it opens at', async () => {
    const everyday = (await offers()).find((offer) => offer.conditions.type === 'everyday');
    const percent = Math.round((everyday?.conditions.amountMultiplier ?? 0) * 100);
    expect(percent).toBeGreaterThan(0);
    const words = await bannerWords(demoEverydayBannerId);
    for (const locale of ['en', 'ru'] as const) {
      const text = await shown(words[locale]);
      expect(new Set(percents(text)), text).toEqual(new Set([percent]));
    }
    expect((await bannerRow(demoEverydayBannerId)).deposits_count_from).toBe(everydayMinDeposits);
  });

  test('the crypto bonus banner names each method’s deposit bonus and the top one', async () => {
    const response = await testApp.app.inject({
      url: '/api/v1/wallet/currencies/crypto',
      headers: bearer(player),
    });
    const bonuses = cryptoMethodsResponseSchema
      .parse(response.json())
      .filter((method) => method.depositBonusAvailable && method.depositBonus > 0)
      .map((method) => Math.round(method.depositBonus * 100));
    expect(bonuses.length).toBeGreaterThan(0);
    const words = await bannerWords(demoCryptoBonusBannerId);
    for (const locale of ['en', 'ru'] as const) {
      const text = await shown(words[locale]);
      expect(new Set(percents(text)), text).toEqual(new Set(bonuses));
      // the title and the picture name the top one
      expect(percents(words[locale].title)).toEqual([Math.max(...bonuses)]);
    }
  });
});

describe('demo copy an earlier release seeded', () => {
  test('is replaced at start unless an operator edited it', async () => {
    const [welcome, wallet] = retiredDemoBannerWords;
    if (!welcome || !wallet) throw new Error('retired words missing');
    const withWords = async (id: string, words: typeof welcome.words, editedRu?: string) => {
      const row = await bannerRow(id);
      const descriptions = row.descriptions as unknown as Record<string, Record<string, string>>;
      await testApp.db
        .updateTable('banners')
        .set({
          descriptions: JSON.stringify({
            en: { ...descriptions.en, ...words.en },
            ru: { ...descriptions.ru, ...words.ru, ...(editedRu ? { text: editedRu } : {}) },
          }),
        })
        .where('id', '=', id)
        .execute();
    };
    // as an older database holds them: one untouched, one whose Russian text an operator changed
    await withWords(welcome.id, welcome.words);
    await withWords(wallet.id, wallet.words, 'Пополнение картой');
    const [partner] = retiredDemoPartnerWords;
    if (!partner) throw new Error('retired partner words missing');
    await testApp.db
      .updateTable('partners')
      .set({
        descriptions: JSON.stringify({
          en: { title: 'Orbit Esports', description: partner.descriptions.en },
          ru: { title: 'Orbit Esports', description: partner.descriptions.ru },
        }),
      })
      .where('id', '=', partner.id)
      .execute();

    await testApp.app.services.banners.seedDemo();

    const replaced = await bannerWords(welcome.id);
    expect(replaced.en.title).not.toBe(welcome.words.en.title);
    expect(percents(replaced.en.title)).toEqual([]);
    const kept = await bannerWords(wallet.id);
    expect(kept.en.title).toBe(wallet.words.en.title);
    expect(kept.ru.text).toBe('Пополнение картой');
    const partners = await testApp.app.inject({ url: '/api/v2/partners?locale=en' });
    expect(partners.body).not.toContain('sportsbook');
  });
});
