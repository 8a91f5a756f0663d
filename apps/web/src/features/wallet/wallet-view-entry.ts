import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { WalletTab } from './hooks/use-wallet-dialog';
import type { WalletView, WalletViewName, WalletViewOf } from './wallet-view';

/**
 * How an entry of the wallet's view registry (`components/wallet-views.tsx`) is written. The
 * registry is the one list of the views: their parameters, back navigation, title and component.
 */

/** Where the back button of a view leads (wallet spec §2 "Wallet view"). */
export interface BackTarget {
  view: WalletView;
  /** The tab to select when the target is the tab list. */
  tab: WalletTab | null;
  clearWithdrawDraft: boolean;
}

/** What a view's title is made of besides the view itself. */
export interface WalletViewTitleContext {
  t: TFunction;
  /** The fiat method the view is about (its label, else its name), once loaded. */
  fiatMethodName: string | null;
  /** The crypto method the view is about, once loaded. */
  cryptoMethodName: string | null;
}

/** One registered view, as the dialog and the back navigation use it. */
export interface WalletViewEntry<Name extends WalletViewName, Context> {
  /** The back navigation of wallet spec §2; `null` where there is nowhere to go back to. */
  back: (view: WalletViewOf<Name>) => BackTarget | null;
  /** Closing the wallet from this view asks first: the player is in the middle of a top-up. */
  topUp?: boolean;
  /** The dialog's title over the view; the wallet's own title when absent. */
  title?: (context: WalletViewTitleContext, view: WalletViewOf<Name>) => string;
  View: ComponentType<{ view: WalletViewOf<Name>; context: Context }>;
}

/**
 * What an entry is checked against while the registry is written. The view's parameters are
 * given explicitly; everything else is checked precisely, against `WalletViewEntry`, where the
 * registry is exported (the view type is derived from the registry itself, so it cannot be used
 * inside it).
 */
interface WalletViewDraft<Params> {
  back: (view: Params) => unknown;
  topUp?: boolean;
  title?: (context: WalletViewTitleContext, view: Params) => string;
  View: unknown;
}

/** Carries a view's parameter type in the registry's type; never set at run time. */
export interface WalletViewParams<Params> {
  readonly params?: Params;
}

/**
 * Declares a view with the parameters it carries (what it needs to render again after a
 * re-render or a back step): `walletView<{ methodId: string }>()({ back, title, View })`.
 */
export function walletView<Params extends object = Record<never, never>>() {
  return <Draft extends WalletViewDraft<Params>>(draft: Draft) =>
    draft as Draft & WalletViewParams<Params>;
}

/** Back to the tab list, on the given tab. */
export function backToTab(tab: WalletTab, clearWithdrawDraft = false) {
  return { view: { name: 'wallet' as const }, tab, clearWithdrawDraft };
}

/** Back to another view (the registry checks that it is one). */
export function backToView<Name extends string, Params extends object>(name: Name, params: Params) {
  return { view: { name, ...params }, tab: null, clearWithdrawDraft: false };
}
