import type { CreateSellOrderBody, CryptoWithdrawBody } from '@casino/contract';
import type { walletViewDefinitions } from './components/wallet-views';
import { walletViewEntry } from './components/wallet-views';
import type { BackTarget, WalletViewParams } from './wallet-view-entry';

export type { BackTarget } from './wallet-view-entry';

type Definitions = typeof walletViewDefinitions;
type ParamsOf<Definition> = Definition extends WalletViewParams<infer Params> ? Params : never;

/** The views the wallet modal can show: the names of the registry's entries. */
export type WalletViewName = keyof Definitions;

/**
 * The wallet modal shows either its tabs (`wallet`) or one of its other views. Views carry what
 * they need to render again after a re-render or a back step (wallet spec §2 "Wallet view").
 * Derived from the registry (`components/wallet-views.tsx`): a view is declared by its entry.
 */
export type WalletView = {
  [Name in WalletViewName]: { name: Name } & ParamsOf<Definitions[Name]>;
}[WalletViewName];

export type WalletViewOf<Name extends WalletViewName> = Extract<WalletView, { name: Name }>;

/** The withdrawal the player submitted and is confirming (spec §3 "Withdraw draft"). */
export type WithdrawDraft =
  | { kind: 'fiat'; body: CreateSellOrderBody }
  | { kind: 'crypto'; body: CryptoWithdrawBody };

export interface WalletViewState<Draft> {
  view: WalletView;
  /** The withdrawal the player submitted and is confirming; cleared when leaving it. */
  withdrawDraft: Draft | null;
}

export type WalletViewAction<Draft> =
  | { type: 'show'; view: WalletView }
  | { type: 'back' }
  | { type: 'reset' }
  | { type: 'store-withdraw-draft'; draft: Draft | null };

/** The back navigation table of wallet spec §2; `null` where there is nowhere to go back to. */
export function backTarget(view: WalletView): BackTarget | null {
  return walletViewEntry(view).back(view);
}

export function initialWalletViewState<Draft>(): WalletViewState<Draft> {
  return { view: { name: 'wallet' }, withdrawDraft: null };
}

export function walletViewReducer<Draft>(
  state: WalletViewState<Draft>,
  action: WalletViewAction<Draft>,
): WalletViewState<Draft> {
  switch (action.type) {
    case 'show':
      return { ...state, view: action.view };
    case 'back': {
      const target = backTarget(state.view);
      if (!target) return state;
      return {
        view: target.view,
        withdrawDraft: target.clearWithdrawDraft ? null : state.withdrawDraft,
      };
    }
    case 'reset':
      return initialWalletViewState();
    case 'store-withdraw-draft':
      return { ...state, withdrawDraft: action.draft };
  }
}

/** Closing the wallet from these views asks first: the player is in the middle of a top-up. */
export function isTopUpInProgress(view: WalletView): boolean {
  return walletViewEntry(view).topUp === true;
}
