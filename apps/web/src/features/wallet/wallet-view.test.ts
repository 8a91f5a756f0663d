import { describe, expect, it } from 'vitest';
import {
  backTarget,
  initialWalletViewState,
  isTopUpInProgress,
  type WalletView,
  walletViewReducer,
} from './wallet-view';

type Draft = { amount: string };

function backFrom(view: WalletView, draft: Draft | null = { amount: '100' }) {
  return walletViewReducer<Draft>({ view, withdrawDraft: draft }, { type: 'back' });
}

describe('wallet back navigation', () => {
  it('goes from the deposit views to the deposit tab, and from additional details to the form', () => {
    expect(backTarget({ name: 'fiat-deposit', methodId: 'm1' })).toEqual({
      view: { name: 'wallet' },
      tab: 'deposit',
      clearWithdrawDraft: false,
    });
    expect(
      backFrom({ name: 'fiat-deposit-additional-details', methodId: 'm1', amount: '500' }).view,
    ).toEqual({ name: 'fiat-deposit', methodId: 'm1' });
  });

  it('goes from the submit step to the details step, and from the details step to the deposit tab', () => {
    const submit: WalletView = {
      name: 'fiat-deposit-details',
      orderId: 'o1',
      methodId: 'm1',
      isSubmitStep: true,
      order: null,
    };
    expect(backFrom(submit).view).toEqual({ ...submit, isSubmitStep: false });
    expect(backTarget({ ...submit, isSubmitStep: false })?.tab).toBe('deposit');
  });

  it('goes from the withdraw form to the withdraw tab and clears the pending draft', () => {
    const state = backFrom({ name: 'fiat-withdraw', methodId: 'm2' });
    expect(state).toEqual({ view: { name: 'wallet' }, withdrawDraft: null });
    expect(backTarget({ name: 'fiat-withdraw', methodId: 'm2' })?.tab).toBe('withdraw');
  });

  it('goes from the crypto deposit views to the deposit tab, and from the TON deposit to its method', () => {
    for (const view of [
      { name: 'crypto-deposit', code: 'USDTTRC20' },
      { name: 'crypto-bot-deposit', code: null },
      { name: 'x-rocket' },
    ] satisfies WalletView[]) {
      expect(backFrom(view)).toEqual({
        view: { name: 'wallet' },
        withdrawDraft: { amount: '100' },
      });
      expect(backTarget(view)?.tab).toBe('deposit');
    }
    expect(backFrom({ name: 'crypto-deposit-ton', code: 'USDTTON' }).view).toEqual({
      name: 'crypto-deposit',
      code: 'USDTTON',
    });
  });

  it('goes from the crypto withdraw form to the withdraw tab and clears the pending draft', () => {
    for (const view of [
      { name: 'crypto-withdraw', code: 'BTC', provider: null },
      { name: 'crypto-withdraw', code: null, provider: 'cryptobot' },
    ] satisfies WalletView[]) {
      expect(backFrom(view)).toEqual({ view: { name: 'wallet' }, withdrawDraft: null });
      expect(backTarget(view)?.tab).toBe('withdraw');
    }
  });

  it('goes from withdraw-disabled to the withdraw tab and keeps the draft', () => {
    const state = backFrom({ name: 'withdraw-disabled' });
    expect(state.withdrawDraft).toEqual({ amount: '100' });
    expect(backTarget({ name: 'withdraw-disabled' })?.tab).toBe('withdraw');
  });

  it('goes from open-dispute to history', () => {
    expect(backTarget({ name: 'open-dispute', orderId: 'o1' })?.tab).toBe('history');
  });

  it('returns pending and error views to the tab of their type', () => {
    expect(backTarget({ name: 'pending', type: 'deposit', orderId: null })?.tab).toBe('deposit');
    expect(backTarget({ name: 'pending', type: 'withdraw', orderId: null })?.tab).toBe('withdraw');
    expect(backTarget({ name: 'pending', type: 'dispute', orderId: 'o1' })?.tab).toBe('history');
    expect(backTarget({ name: 'error', type: 'deposit', methodId: 'm1' })?.tab).toBe('deposit');
    expect(backTarget({ name: 'error', type: 'withdraw', methodId: 'm1' })?.tab).toBe('withdraw');
  });

  it('has nowhere to go back to from the tabs', () => {
    const state = initialWalletViewState<Draft>();
    expect(backTarget(state.view)).toBeNull();
    expect(walletViewReducer(state, { type: 'back' })).toBe(state);
  });
});

describe('wallet view reducer', () => {
  it('shows a view, stores a draft and resets to the tabs', () => {
    let state = initialWalletViewState<Draft>();
    state = walletViewReducer(state, {
      type: 'show',
      view: { name: 'fiat-withdraw', methodId: 'm' },
    });
    state = walletViewReducer(state, { type: 'store-withdraw-draft', draft: { amount: '5' } });
    expect(state).toEqual({
      view: { name: 'fiat-withdraw', methodId: 'm' },
      withdrawDraft: { amount: '5' },
    });
    expect(walletViewReducer(state, { type: 'reset' })).toEqual(initialWalletViewState());
  });

  it('asks before closing only during a top-up', () => {
    expect(isTopUpInProgress({ name: 'fiat-deposit', methodId: 'm' })).toBe(true);
    expect(
      isTopUpInProgress({
        name: 'fiat-deposit-details',
        orderId: 'o',
        methodId: 'm',
        isSubmitStep: false,
        order: null,
      }),
    ).toBe(true);
    expect(isTopUpInProgress({ name: 'wallet' })).toBe(false);
    expect(isTopUpInProgress({ name: 'pending', type: 'deposit', orderId: null })).toBe(false);
  });
});
