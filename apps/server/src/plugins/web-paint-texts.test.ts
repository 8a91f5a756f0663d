import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { englishSportsbookPaintTexts } from '../../test/fixtures/sportsbook-paint-texts.ts';
import { paintTextsFile, readPaintTexts } from './web-paint-texts.ts';

let directory: string | undefined;
afterEach(async () => {
  if (directory) await rm(directory, { recursive: true, force: true });
});

async function buildWith(content: string | null) {
  directory = await mkdtemp(join(tmpdir(), 'paint-texts-'));
  if (content !== null) await writeFile(join(directory, paintTextsFile), content);
  return readPaintTexts(directory);
}

const sportsbook = englishSportsbookPaintTexts;

describe('the build’s texts of the pages the server draws', () => {
  test('per language, with the font files to preload', async () => {
    const texts = await buildWith(
      JSON.stringify({
        languages: { en: { sportsbook, fonts: ['/assets/inter-latin-wght-normal-x1.woff2'] } },
      }),
    );
    expect(texts.get('en')?.sportsbook?.title).toBe('Sportsbook');
    expect(texts.get('en')?.fonts).toEqual(['/assets/inter-latin-wght-normal-x1.woff2']);
    expect(texts.get('ru')).toBeUndefined();
  });

  test('a build without them, unreadable ones or a missing text: none (no page drawn with a raw key)', async () => {
    expect((await buildWith(null)).size).toBe(0);
    expect((await buildWith('{not json')).size).toBe(0);
    const { title: _title, ...withoutTitle } = sportsbook;
    expect(
      (await buildWith(JSON.stringify({ languages: { en: { sportsbook: withoutTitle } } }))).size,
    ).toBe(0);
    // a font address outside the build's assets is refused
    expect(
      (
        await buildWith(
          JSON.stringify({
            languages: { en: { sportsbook, fonts: ['https://x.example/f.woff2'] } },
          }),
        )
      ).size,
    ).toBe(0);
  });
});
