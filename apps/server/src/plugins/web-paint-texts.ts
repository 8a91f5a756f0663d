import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * The texts of the pages the server draws in the HTML, per language: `first-paint-texts.json`,
 * written beside `index.html` by the web build (`apps/web/build/first-paint-texts.ts`) from the
 * app's locale files, so the HTML's words are the app's and the server imports none of its
 * sources. Read once at start; a build without it (or with another shape) draws none of them.
 */
const sportsbookPaintTextsSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  liveNow: z.string(),
  live: z.string(),
  noLiveTitle: z.string(),
  noLiveText: z.string(),
  startingSoon: z.string(),
  noUpcomingTitle: z.string(),
  noUpcomingText: z.string(),
  allSports: z.string(),
  formats: z.tuple([z.string(), z.string(), z.string()]),
  sports: z.array(
    z.object({ id: z.number().int(), kind: z.enum(['sport', 'esport']), label: z.string() }),
  ),
});
export type SportsbookPaintTexts = z.infer<typeof sportsbookPaintTextsSchema>;

const paintTextsSchema = z.object({
  languages: z.record(
    z.string(),
    z.object({
      sportsbook: sportsbookPaintTextsSchema.optional(),
      /** the font files those texts are drawn in (the build's addresses), to preload */
      fonts: z.array(z.string().regex(/^\/assets\/[\w.~-]+\.woff2$/)).default([]),
    }),
  ),
});
export type PaintTexts = z.infer<typeof paintTextsSchema>['languages'][string];

export const paintTextsFile = 'first-paint-texts.json';

/** Per language, its texts; empty when the build has none that can be read. */
export function readPaintTexts(root: string): Map<string, PaintTexts> {
  const path = join(root, paintTextsFile);
  if (!existsSync(path)) return new Map();
  try {
    const parsed = paintTextsSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? new Map(Object.entries(parsed.data.languages)) : new Map();
  } catch {
    return new Map();
  }
}
