import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sellConditionsSchema } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { repositoryRoot } from '../src/paths.ts';
import { createTestApp, type TestApp } from './support/app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

/** Vite copies apps/web/public into the build the server serves, so /methods/x.svg lives here. */
const publicDirectory = join(repositoryRoot, 'apps', 'web', 'public');

describe('seeded payment method icons', () => {
  test('every icon, big icon and subbank icon a seeded method names is an SVG in the web app', async () => {
    const methods = await testApp.db
      .selectFrom('fiat_payment_methods')
      .select(['id', 'icon', 'icon_big', 'sell_conditions'])
      .execute();
    expect(methods.length).toBeGreaterThan(10);
    const paths = new Set<string>();
    for (const method of methods) {
      paths.add(method.icon);
      paths.add(method.icon_big);
      if (method.sell_conditions !== null) {
        for (const subbank of sellConditionsSchema.parse(method.sell_conditions).subbanks) {
          paths.add(subbank.icon);
        }
      }
    }
    for (const path of paths) {
      expect(path, path).toMatch(/^\/methods\/[a-z0-9-]+\.svg$/);
      const svg = await readFile(join(publicDirectory, path), 'utf8');
      expect(svg, path).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="[\d .]+"/);
      expect(svg.trimEnd().endsWith('</svg>'), path).toBe(true);
      // self-contained: no scripts, no external references
      expect(svg, path).not.toMatch(/<script|href=|xlink:/i);
    }
    // each method has its own pair of icons (a big one distinct from the small one)
    for (const method of methods) expect(method.icon_big).not.toBe(method.icon);
  });
});
