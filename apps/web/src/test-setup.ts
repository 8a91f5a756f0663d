import { expect } from 'vitest';

/**
 * The player app's unit tests render in English from their first line, as the app does once the
 * player's language has arrived: no language is bundled (`lib/i18n.ts`), so English is fetched
 * here, before each of the app's test files. The unit project also runs the server's and the
 * contract's tests, which need none of it.
 */
if (expect.getState().testPath?.includes('/apps/web/')) {
  const { initI18n, loadLanguage } = await import('@/lib/i18n');
  const i18n = initI18n('en');
  await loadLanguage('en');
  // files of the `unit` project share the instance: each starts in English again
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
}
