/**
 * Each language's texts come in two parts, each its own chunk: the first part holds what a guest's
 * first paint can show (the shell, the home page, the toasts and error messages eager code raises)
 * and is fetched before the first render (`main.tsx`); the later part, everything else, is fetched
 * with the first lazily loaded page or layer (`lib/lazy.ts`) or on a sign of intent
 * (`components/lazy-layer.tsx`).
 *
 * A path names a whole namespace (`Header`) or a subtree or key of one (`Pages.home`,
 * `BetSlip.open`). `parts.test.ts` checks that every key the eagerly loaded modules use is under
 * one of these paths; `build/locale-parts.ts` cuts the parts out of each language at build time.
 */
export const firstPaintPaths = [
  'Shared',
  'Errors',
  'Header',
  'Sidebar',
  'Support',
  'Banners',
  'LatestBets',
  'balance',
  'Pages.home',
  'Pages.games',
  'Promo.activate',
  'Promo.code_label',
  'Promo.code_placeholder',
  'Promo.form_hint',
  'Promo.form_title',
  'Validation.required',
  'Validation.invalid_value',
  'BetSlip.open',
  'BetSlip.tab_bar',
  'BetSlip.title',
  'BetSlip.toast_won',
  'Bonuses.offers_button',
  'CryptoGuide.entry',
  'Portal.entry_community',
  'Portal.entry_vip',
  'Tournaments.win_title',
  'Tournaments.win_text',
  'Wheel.open',
  'Wheel.title',
  'Wheel.rotation_available',
  'Wheel.rotation_used',
  // error messages of any failed request (`lib/error-message.ts` looks these up by the error's code)
  'wallet.server_error',
  'responsibleGambling.server_error',
] as const;

export type LocalePart = 'first' | 'later';
export const localeParts: readonly LocalePart[] = ['first', 'later'];

type Tree = { readonly [key: string]: string | Tree };

/**
 * A part of a language's texts: the first (only the keys under `paths`) or the later (every other
 * key). The two parts merged deeply give the whole language back.
 */
export function pickPart(
  translation: Tree,
  part: LocalePart,
  paths: readonly string[] = firstPaintPaths,
): Tree {
  const first = new Set(paths);
  const cut = (tree: Tree, prefix: string): Tree | undefined => {
    const result: Record<string, string | Tree> = {};
    for (const [key, value] of Object.entries(tree)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (first.has(path)) {
        if (part === 'first') result[key] = value;
      } else if (typeof value === 'string') {
        if (part === 'later') result[key] = value;
      } else {
        const inner = cut(value, path);
        if (inner) result[key] = inner;
      }
    }
    return Object.keys(result).length > 0 ? result : undefined;
  };
  return cut(translation, '') ?? {};
}
