import type {
  CreateSellOrderBody,
  CryptoMethodCode,
  CryptoProvider,
  CryptoWithdrawBody,
  FiatOrder,
} from '@casino/contract';
import type { WalletTab } from './hooks/use-wallet-dialog';

/**
 * The wallet modal shows either its tabs (`wallet`) or one of these views. Views carry what
 * they need to render again after a re-render or a back step (wallet spec §2 "Wallet view").
 */
export type WalletView =
  | { name: 'wallet' }
  | { name: 'fiat-deposit'; methodId: string }
  | { name: 'fiat-deposit-additional-details'; methodId: string; amount: string }
  | {
      name: 'fiat-deposit-details';
      orderId: string;
      methodId: string;
      isSubmitStep: boolean;
      order: FiatOrder | null;
    }
  | { name: 'pending'; type: 'deposit' | 'withdraw' | 'dispute'; orderId: string | null }
  | { name: 'error'; type: 'deposit' | 'withdraw'; methodId: string }
  | { name: 'fiat-withdraw'; methodId: string }
  | { name: 'crypto-deposit'; code: CryptoMethodCode }
  | { name: 'crypto-deposit-ton'; code: CryptoMethodCode }
  | { name: 'crypto-bot-deposit'; code: CryptoMethodCode | null }
  | { name: 'x-rocket' }
  /** A method's withdrawal to an address, or (provider cryptobot) to the messenger's wallet. */
  | { name: 'crypto-withdraw'; code: CryptoMethodCode | null; provider: CryptoProvider | null }
  | { name: 'withdraw-disabled' }
  | { name: 'open-dispute'; orderId: string }
  | { name: 'wager' }
  | { name: 'personal-data' };

export type WalletViewName = WalletView['name'];

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

export interface BackTarget {
  view: WalletView;
  /** The tab to select when the target is the tab list. */
  tab: WalletTab | null;
  clearWithdrawDraft: boolean;
}

const toTab = (tab: WalletTab, clearWithdrawDraft = false): BackTarget => ({
  view: { name: 'wallet' },
  tab,
  clearWithdrawDraft,
});

/** The back navigation table of wallet spec §2; `null` where there is nowhere to go back to. */
export function backTarget(view: WalletView): BackTarget | null {
  switch (view.name) {
    case 'wallet':
      return null;
    case 'fiat-deposit':
      return toTab('deposit');
    case 'fiat-deposit-additional-details':
      return {
        view: { name: 'fiat-deposit', methodId: view.methodId },
        tab: null,
        clearWithdrawDraft: false,
      };
    case 'fiat-deposit-details':
      return view.isSubmitStep
        ? { view: { ...view, isSubmitStep: false }, tab: null, clearWithdrawDraft: false }
        : toTab('deposit');
    case 'fiat-withdraw':
    case 'crypto-withdraw':
      return toTab('withdraw', true);
    case 'crypto-deposit':
    case 'crypto-bot-deposit':
    case 'x-rocket':
      return toTab('deposit');
    case 'crypto-deposit-ton':
      return {
        view: { name: 'crypto-deposit', code: view.code },
        tab: null,
        clearWithdrawDraft: false,
      };
    case 'withdraw-disabled':
      return toTab('withdraw');
    case 'open-dispute':
      return toTab('history');
    case 'pending':
      return toTab(view.type === 'dispute' ? 'history' : view.type);
    case 'error':
      return toTab(view.type, view.type === 'withdraw');
    case 'wager':
    case 'personal-data':
      return toTab('withdraw', true);
  }
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
  return (
    view.name === 'fiat-deposit' ||
    view.name === 'fiat-deposit-additional-details' ||
    view.name === 'fiat-deposit-details'
  );
}
