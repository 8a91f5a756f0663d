import {
  type BannerType,
  formatMoney,
  type NewBannerBody,
  openPlayerCategory,
  type PartnerBody,
} from '@casino/contract';
import {
  demoCryptoDepositBonuses,
  demoEverydayPercent,
  demoWelcomeSteps,
} from '../bonuses/demo-offers.ts';
import type { DemoWords } from './banners.repository.ts';

/**
 * Demo banners: the types the home carousel shows, with the art drawn in apps/web/public/banners
 * (per language where the picture carries words). Fixed ids keep the seeding idempotent: each is
 * inserted once, and an operator's later edits are kept. Every promise a banner makes is one the
 * product keeps: the bonus figures are worded from the demo offers themselves.
 */

const dollars = (amount: number) => formatMoney(String(amount), 'USD', { precision: 0 });
const firstStep = demoWelcomeSteps[0];
const welcomeCapUsd = demoWelcomeSteps.reduce((total, step) => total + step.upToUsd, 0);
const welcomeFreespins = demoWelcomeSteps.reduce((total, step) => total + step.freespins, 0);
const welcomePercents = demoWelcomeSteps.map((step) => `+${step.percent}%`);
const listed = (items: readonly string[], and: string) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;
const topCrypto = [...demoCryptoDepositBonuses].sort(
  (left, right) => right.percent - left.percent,
)[0];
const cryptoName = (bonus: { code: string; network: string | null }) =>
  bonus.network ? `${bonus.code} (${bonus.network})` : bonus.code;

interface Copy {
  title: string;
  text: string;
}

/** English and Russian copy over shared art; `localizedForeground` swaps the worded picture. */
function descriptions(
  art: string,
  copy: { en: Copy; ru: Copy },
  options: { localizedForeground?: boolean; layer?: string } = {},
): NewBannerBody['descriptions'] {
  const foreground = (locale: 'en' | 'ru') =>
    options.localizedForeground ? `/banners/${art}-fg.${locale}.svg` : `/banners/${art}-fg.svg`;
  const layer = options.layer ? `/banners/${options.layer}.svg` : null;
  return {
    en: {
      image_bg: `/banners/${art}-bg.svg`,
      image_fg: foreground('en'),
      image_3: layer,
      ...copy.en,
    },
    ru: {
      image_bg: `/banners/${art}-bg.svg`,
      image_fg: foreground('ru'),
      image_3: layer,
      ...copy.ru,
    },
  };
}

function banner(
  type: BannerType,
  position: number,
  fields: Partial<NewBannerBody> & Pick<NewBannerBody, 'descriptions'>,
): NewBannerBody {
  return {
    type,
    position,
    isEnabled: true,
    url: null,
    gameIds: [],
    providerIds: [],
    categoryKeys: [],
    promoCategoryId: null,
    tournamentId: null,
    geo: [],
    playerCategory: openPlayerCategory,
    ...fields,
  };
}

export const demoTournamentBannerId = '8e0b5f0a-0000-4000-8000-00000000000d';
export const demoWelcomeBannerId = '8e0b5f0a-0000-4000-8000-000000000001';
export const demoFirstDepositBannerId = '8e0b5f0a-0000-4000-8000-000000000002';
export const demoEverydayBannerId = '8e0b5f0a-0000-4000-8000-000000000008';
export const demoCryptoBonusBannerId = '8e0b5f0a-0000-4000-8000-00000000000a';

export const demoBanners: ReadonlyArray<{ id: string; body: NewBannerBody }> = [
  {
    id: demoWelcomeBannerId,
    body: banner('registration', 10, {
      descriptions: descriptions(
        'welcome',
        {
          en: {
            title: `Welcome pack up to ${dollars(welcomeCapUsd)}`,
            text: `${listed(welcomePercents, 'and')} on your first ${demoWelcomeSteps.length} deposits, plus ${welcomeFreespins} free spins`,
          },
          ru: {
            title: `Приветственный пакет до ${dollars(welcomeCapUsd)}`,
            text: `${listed(welcomePercents, 'и')} на первые ${demoWelcomeSteps.length} депозита и ${welcomeFreespins} фриспинов`,
          },
        },
        { localizedForeground: true, layer: 'layer-sparkles' },
      ),
      playerCategory: { ...openPlayerCategory, authorized: false },
    }),
  },
  {
    id: demoFirstDepositBannerId,
    body: banner('bonus_on_deposit', 20, {
      descriptions: descriptions(
        'deposit-bonus',
        {
          en: {
            title: `+${firstStep?.percent}% on your first deposit`,
            text: `Up to ${dollars(firstStep?.upToUsd ?? 0)} and ${firstStep?.freespins} free spins`,
          },
          ru: {
            title: `+${firstStep?.percent}% к первому депозиту`,
            text: `До ${dollars(firstStep?.upToUsd ?? 0)} и ${firstStep?.freespins} фриспинов`,
          },
        },
        { localizedForeground: true, layer: 'layer-coins' },
      ),
      // before the first deposit only; without a url the click opens the wallet
      playerCategory: { ...openPlayerCategory, authorized: true, deposits_count_to: 0 },
    }),
  },
  {
    id: '8e0b5f0a-0000-4000-8000-000000000003',
    body: banner('turbine', 30, {
      descriptions: descriptions('turbine', {
        en: { title: 'Turbine of luck', text: 'A free spin every day' },
        ru: { title: 'Турбина удачи', text: 'Бесплатное вращение каждый день' },
      }),
    }),
  },
  {
    id: '8e0b5f0a-0000-4000-8000-000000000004',
    body: banner('wallet', 40, {
      descriptions: descriptions(
        'wallet',
        {
          en: { title: 'Top up your balance', text: 'Cards, bank transfers and crypto' },
          ru: { title: 'Пополните баланс', text: 'Карты, банковские переводы и криптовалюта' },
        },
        { layer: 'layer-coins' },
      ),
    }),
  },
  {
    id: '8e0b5f0a-0000-4000-8000-000000000005',
    body: banner('specific_game', 50, {
      descriptions: descriptions('game-dice', {
        en: { title: 'Orbit Dice', text: 'Provably fair, 1% house edge' },
        ru: { title: 'Orbit Dice', text: 'Доказуемо честно, преимущество казино 1%' },
      }),
      gameIds: ['orbit-dice'],
    }),
  },
  {
    id: '8e0b5f0a-0000-4000-8000-000000000006',
    body: banner('game_of_the_week', 60, {
      descriptions: descriptions(
        'game-week',
        {
          en: { title: 'Game of the week', text: 'Orbit Limbo Moonshot: aim for x100' },
          ru: { title: 'Игра недели', text: 'Orbit Limbo Moonshot: цель x100' },
        },
        { localizedForeground: true, layer: 'layer-sparkles' },
      ),
      gameIds: ['orbit-limbo-moonshot'],
    }),
  },
  {
    id: '8e0b5f0a-0000-4000-8000-000000000007',
    body: banner('common', 70, {
      descriptions: descriptions('originals', {
        en: { title: 'Orbit Originals', text: 'Our own games, every round verifiable' },
        ru: { title: 'Orbit Originals', text: 'Наши игры, каждый раунд можно проверить' },
      }),
      categoryKeys: ['originals'],
    }),
  },
  {
    id: demoEverydayBannerId,
    body: banner('players_with_deposits', 80, {
      descriptions: descriptions(
        'everyday',
        {
          en: {
            title: `+${demoEverydayPercent}% every day`,
            text: 'Activate the everyday bonus, then top up the same day',
          },
          ru: {
            title: `+${demoEverydayPercent}% каждый день`,
            text: 'Активируйте ежедневный бонус и пополните счёт в тот же день',
          },
        },
        { localizedForeground: true },
      ),
      url: '/bonuses?bonus10',
      // the everyday bonus opens with the fourth deposit
      playerCategory: { ...openPlayerCategory, authorized: true, deposits_count_from: 4 },
    }),
  },
  {
    id: '8e0b5f0a-0000-4000-8000-000000000009',
    body: banner('vip', 5, {
      descriptions: descriptions(
        'vip',
        {
          en: { title: 'VIP club', text: 'Your personal manager and private tournaments' },
          ru: { title: 'VIP клуб', text: 'Личный менеджер и закрытые турниры' },
        },
        { localizedForeground: true, layer: 'layer-sparkles' },
      ),
      playerCategory: { ...openPlayerCategory, vip: true },
    }),
  },
  {
    id: demoCryptoBonusBannerId,
    body: banner('bonus_on_deposit', 90, {
      descriptions: descriptions('crypto-bonus', {
        en: {
          title: `Crypto bonus up to +${topCrypto?.percent}%`,
          text: listed(
            demoCryptoDepositBonuses.map(
              (bonus) => `+${bonus.percent}% on ${cryptoName(bonus)} deposits`,
            ),
            'and',
          ),
        },
        ru: {
          title: `Криптобонус до +${topCrypto?.percent}%`,
          text: listed(
            demoCryptoDepositBonuses.map(
              (bonus) => `+${bonus.percent}% к депозитам в ${cryptoName(bonus)}`,
            ),
            'и',
          ),
        },
      }),
      // after the first deposit (the welcome bonus comes first); the click opens the wallet
      playerCategory: { ...openPlayerCategory, authorized: true, deposits_count_from: 1 },
    }),
  },
  {
    id: '8e0b5f0a-0000-4000-8000-00000000000b',
    body: banner('active_players', 100, {
      descriptions: descriptions('space-week', {
        en: { title: 'Space week', text: 'Thirty cosmic games in one place' },
        ru: { title: 'Космическая неделя', text: 'Тридцать космических игр в одном месте' },
      }),
      url: '/promo-categories/2/games',
    }),
  },
  {
    id: '8e0b5f0a-0000-4000-8000-00000000000c',
    body: banner('login', 15, {
      descriptions: descriptions('login', {
        en: { title: 'Already one of us?', text: 'Sign in to pick up where you left off' },
        ru: { title: 'Уже с нами?', text: 'Войдите и продолжайте с того же места' },
      }),
      playerCategory: { ...openPlayerCategory, authorized: false },
    }),
  },
];

/** The tournament banner: its tournament is the first public open one at seeding. */
export const demoTournamentBanner: Omit<NewBannerBody, 'tournamentId'> = banner('tournament', 1, {
  descriptions: descriptions(
    'tournament',
    {
      en: { title: 'Tournament is on', text: 'Climb the leaderboard, share the prize pool' },
      ru: { title: 'Турнир идёт', text: 'Поднимайтесь в таблице и делите призовой фонд' },
    },
    { localizedForeground: true, layer: 'layer-sparkles' },
  ),
});

export const demoPartners: readonly PartnerBody[] = [
  {
    id: 'orbit-esports',
    position: 0,
    isEnabled: true,
    image: '/banners/partner-esports.svg',
    url: 'https://example.com/orbit-esports',
    descriptions: {
      en: {
        title: 'Orbit Esports',
        description: 'Our esports team plays in the top leagues of three disciplines.',
      },
      ru: {
        title: 'Orbit Esports',
        description: 'Наша киберспортивная команда играет в высших лигах трёх дисциплин.',
      },
    },
  },
  {
    id: 'safer-play',
    position: 1,
    isEnabled: true,
    image: '/banners/partner-safer-play.svg',
    url: 'https://example.com/safer-play',
    descriptions: {
      en: {
        title: 'Safer Play Foundation',
        description:
          'Free and confidential help with gambling problems, in twelve languages, around the clock.',
      },
      ru: {
        title: 'Фонд «Безопасная игра»',
        description:
          'Бесплатная и конфиденциальная помощь при проблемах с азартными играми, на двенадцати языках, круглосуточно.',
      },
    },
  },
];

/**
 * Words earlier releases seeded that promised what the product does not have: a 500 % welcome
 * pack, a weekly cashback, a Friday reload, a top-up "in a minute", bets on a team's matches in
 * a sportsbook without events. At start, a demo banner or partner still carrying exactly them
 * takes its current version; one an operator has edited since is left alone.
 */
export const retiredDemoBannerWords: ReadonlyArray<{
  id: string;
  words: DemoWords;
}> = [
  {
    id: demoWelcomeBannerId,
    words: {
      en: { title: 'Welcome pack up to 500%', text: 'Four deposit bonuses and free spins' },
      ru: { title: 'Приветственный пакет до 500%', text: 'Четыре бонуса на депозит и фриспины' },
    },
  },
  {
    id: demoFirstDepositBannerId,
    words: {
      en: { title: '+100% on your deposit', text: 'Double your first top-up today' },
      ru: { title: '+100% к депозиту', text: 'Удвойте первое пополнение сегодня' },
    },
  },
  {
    id: '8e0b5f0a-0000-4000-8000-000000000004',
    words: {
      en: { title: 'Top up in a minute', text: 'Cards, transfers and crypto' },
      ru: { title: 'Пополнение за минуту', text: 'Карты, переводы и криптовалюта' },
    },
  },
  {
    id: demoEverydayBannerId,
    words: {
      en: { title: '10% weekly cashback', text: 'Every Monday, on last week’s losses' },
      ru: { title: 'Кешбэк 10% каждую неделю', text: 'По понедельникам, с проигрышей недели' },
    },
  },
  {
    id: demoCryptoBonusBannerId,
    words: {
      en: { title: 'Friday reload', text: '+50% on every Friday deposit' },
      ru: { title: 'Пятничный релоад', text: '+50% к каждому депозиту в пятницу' },
    },
  },
];

export const retiredDemoPartnerWords: ReadonlyArray<{
  id: string;
  descriptions: { en: string; ru: string };
}> = [
  {
    id: 'orbit-esports',
    descriptions: {
      en: 'Our esports team plays in the top leagues of three disciplines. Follow their matches and bet on them in the sportsbook.',
      ru: 'Наша киберспортивная команда играет в высших лигах трёх дисциплин. Следите за матчами и делайте ставки в разделе спорта.',
    },
  },
];
