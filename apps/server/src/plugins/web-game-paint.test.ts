import { describe, expect, test } from 'vitest';
import { gameIdOfPath } from './web-boot-data.ts';
import { gamePaintHtml } from './web-game-paint.ts';

const tile = {
  title: 'Orbit Dice',
  imageUrl: '/game-art/orbit-dice.svg?v=1',
  provider: { id: 'lucky-orbit', name: 'Lucky Orbit Originals' },
};

describe('a game’s page drawn by the HTML', () => {
  test('draws the title, the provider and the art in the game’s box, and preloads the art', () => {
    const paint = gamePaintHtml(tile);
    expect(paint.body).toContain('>Orbit Dice</h1>');
    expect(paint.body).toContain('>Lucky Orbit Originals</p>');
    expect(paint.body).toContain('src="/game-art/orbit-dice.svg?v=1"');
    expect(paint.head).toBe(
      '<link rel="preload" as="image" fetchpriority="high" href="/game-art/orbit-dice.svg?v=1">',
    );
    // the guard that takes it out for a guest follows it
    expect(paint.body).toMatch(/<\/div><script>[^<]*auth_token[^<]*<\/script>$/);
  });

  test('every text and address is escaped: none can close an element or an attribute', () => {
    const paint = gamePaintHtml({
      title: '</h1><script>alert(1)</script>',
      imageUrl: '/x.svg" onerror="alert(1)',
      provider: { id: 'p', name: '<img src=x onerror=alert(1)>' },
    });
    expect(paint.body).not.toContain('<script>alert');
    expect(paint.body).not.toContain('<img src=x');
    expect(paint.body).not.toContain('" onerror="');
    expect(paint.head).not.toContain('" onerror="');
    expect(paint.body).toContain('&#60;/h1&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
  });
});

describe('the game a path names', () => {
  test('a game page in a language names its game; the favourites and anything else none', () => {
    expect(gameIdOfPath('/en/games/orbit-dice')).toBe('orbit-dice');
    expect(gameIdOfPath('/ru/games/orbit-dice/')).toBe('orbit-dice');
    expect(gameIdOfPath('/en/games/favorites')).toBeNull();
    expect(gameIdOfPath('/en/games/Orbit%20Dice')).toBeNull();
    expect(gameIdOfPath('/en/games/orbit-dice/rounds')).toBeNull();
    expect(gameIdOfPath('/games/orbit-dice')).toBeNull();
    expect(gameIdOfPath('/en/categories/slots/games')).toBeNull();
  });
});
