import { type Banner, openPlayerCategory } from '@casino/contract';
import { describe, expect, test } from 'vitest';
import { escapeHtml } from './web-first-paint.ts';
import { guestHeroHtml } from './web-guest-hero.ts';

function banner(id: string, overrides: Partial<Banner> = {}): Banner {
  return {
    id,
    type: 'bonus_on_deposit',
    descriptions: {
      en: {
        image_bg: `/banners/${id}-bg.svg`,
        image_fg: `/banners/${id}-fg.svg`,
        image_3: null,
        title: `${id} title`,
        text: `${id} text`,
      },
    },
    url: '/bonuses',
    games: [],
    game_providers: [],
    game_categories: [],
    promo_category: null,
    tournament: null,
    settings: { geo: [], player_category: openPlayerCategory },
    ...overrides,
  };
}

describe('the guest hero', () => {
  test('draws the first banner a guest’s carousel shows: a players-only one is passed over', () => {
    const hero = guestHeroHtml(
      {
        country: 'DE',
        items: [
          banner('players', {
            settings: { geo: [], player_category: { ...openPlayerCategory, authorized: true } },
          }),
          banner('elsewhere', { settings: { geo: ['FR'], player_category: openPlayerCategory } }),
          banner('welcome'),
        ],
      },
      'en',
    );
    expect(hero?.body).toContain('src="/banners/welcome-bg.svg"');
    expect(hero?.body).toContain('src="/banners/welcome-fg.svg"');
    expect(hero?.body).toContain('welcome title');
    expect(hero?.body).not.toContain('players');
    expect(hero?.body).not.toContain('elsewhere');
    expect(hero?.head).toBe(
      '<link rel="preload" as="image" fetchpriority="high" href="/banners/welcome-bg.svg">' +
        '<link rel="preload" as="image" fetchpriority="high" href="/banners/welcome-fg.svg">',
    );
  });

  test('nothing when a guest’s carousel would be empty', () => {
    const vipOnly = banner('vip', {
      settings: { geo: [], player_category: { ...openPlayerCategory, vip: true } },
    });
    expect(guestHeroHtml({ country: null, items: [vipOnly] }, 'en')).toBeNull();
    expect(guestHeroHtml({ country: null, items: [] }, 'en')).toBeNull();
  });

  test('copy and addresses are escaped for text and quoted attributes', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe(
      '&#60;img src=x onerror=&#34;a(&#39;b&#39;)&#34;&#62;&#38;',
    );
    const hostile = banner('x', {
      descriptions: {
        en: {
          image_bg: '/a.svg" onload="alert(1)',
          image_fg: null,
          image_3: null,
          title: '<b>bold</b>',
          text: null,
        },
      },
    });
    const hero = guestHeroHtml({ country: null, items: [hostile] }, 'en');
    expect(hero?.body).toContain('src="/a.svg&#34; onload=&#34;alert(1)"');
    expect(hero?.body).toContain('&#60;b&#62;bold&#60;/b&#62;');
    expect(hero?.head).not.toContain('" onload');
  });
});
