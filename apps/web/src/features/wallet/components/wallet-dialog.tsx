import { type CryptoMethod, type FiatOrder, formatMoney } from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Bot, Rocket } from 'lucide-react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { currentMessengerLaunch } from '@/lib/messenger-launch';
import { notify } from '@/lib/notify';
import { searchString, withSearchParams } from '@/lib/search-params';
import { useLocalizedPath } from '@/lib/use-locale';
import { buyOrderQueryOptions } from '../api/get-buy-order';
import { useCryptoMethods } from '../api/get-crypto-methods';
import { useFiatMethod } from '../api/get-fiat-conditions';
import { useCryptoMessengerLink } from '../hooks/use-crypto-messenger-link';
import { useFiatDeposit } from '../hooks/use-fiat-deposit';
import { useWalletDialog, type WalletTab } from '../hooks/use-wallet-dialog';
import { useWithdraw } from '../hooks/use-withdraw';
import { onPendingWalletViewClose } from '../pending-view-close';
import {
  backTarget,
  initialWalletViewState,
  isTopUpInProgress,
  type WalletView,
  type WithdrawDraft,
  walletViewReducer,
} from '../wallet-view';
import type { ExtraCryptoTile } from './crypto-method-grid';
import type { FiatBalance } from './fiat-withdraw-form';
import { DepositSuccessModal, ExitConfirmationModal } from './wallet-modals';
import { type WalletViewContext, walletViewEntry } from './wallet-views';
import { BonusBurnDialog, WithdrawConfirmDialog } from './withdraw-views';

export interface WalletDialogProps {
  /** Money arrived or left: the app layer refetches the balance. */
  onBalanceChanged?: () => void;
  /** The main fiat balance, for the withdrawal limits; null while unknown. */
  fiatBalance: FiatBalance | null;
  /** The player has active bonuses, which a withdrawal forfeits. */
  hasActiveBonuses: boolean;
  /**
   * What the deposit and withdraw tabs show above their methods (wallet spec §2: banners, the
   * balance or "choose currency" bar, the currency switcher); the app layer composes it.
   */
  renderTabHeader?: (tab: 'deposit' | 'withdraw') => React.ReactNode;
}

/**
 * The wallet modal: its tabs live in the URL (`?wallet=`), the view on top of them in a reducer
 * with the spec's back navigation. Each view's title, back target and component come from the
 * view registry (`wallet-views.tsx`). Closing during a top-up asks first.
 */
export function WalletDialog({
  onBalanceChanged,
  fiatBalance,
  hasActiveBonuses,
  renderTabHeader,
}: WalletDialogProps) {
  const { t } = useTranslation();
  const { tab, close, selectTab } = useWalletDialog();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const localized = useLocalizedPath();
  const [state, dispatch] = useReducer(
    walletViewReducer<WithdrawDraft>,
    undefined,
    initialWalletViewState<WithdrawDraft>,
  );
  // Spec §6: the messenger-bot build (the mini-app) has the crypto bot and x-rocket options.
  const messengerLaunch = currentMessengerLaunch();
  const messengerBuild = messengerLaunch !== null;
  useCryptoMessengerLink(messengerLaunch);
  const [cryptoAddressError, setCryptoAddressError] = useState<string | null>(null);
  const [confirmingWithdraw, setConfirmingWithdraw] = useState(false);
  const [confirmingExit, setConfirmingExit] = useState(false);
  const [successAmount, setSuccessAmount] = useState<string | null>(null);
  const open = tab !== null;
  const currentTab: WalletTab = tab ?? 'deposit';
  const view = state.view;

  useEffect(() => {
    if (!open) dispatch({ type: 'reset' });
  }, [open]);

  const show = useCallback((next: WalletView) => {
    setCryptoAddressError(null);
    dispatch({ type: 'show', view: next });
  }, []);
  const toTab = useCallback(
    (next: WalletTab) => {
      dispatch({ type: 'reset' });
      selectTab(next);
    },
    [selectTab],
  );
  const back = () => {
    const target = backTarget(view);
    setCryptoAddressError(null);
    dispatch({ type: 'back' });
    if (target?.tab) selectTab(target.tab);
  };
  const requestClose = () => {
    if (isTopUpInProgress(view)) setConfirmingExit(true);
    else close();
  };
  const onDepositCompleted = useCallback(
    (order: FiatOrder) => {
      onBalanceChanged?.();
      setSuccessAmount(formatMoney(order.valueFrom, order.currencyFrom.code));
      close();
    },
    [close, onBalanceChanged],
  );
  // A completed transaction (realtime) closes the pending view; the deposit it was waiting
  // for ends as the watcher would end it, with the success modal.
  const queryClient = useQueryClient();
  const currentView = useRef(view);
  currentView.current = view;
  useEffect(
    () =>
      onPendingWalletViewClose(({ transactionId }) => {
        const pending = currentView.current;
        if (pending.name !== 'pending') return;
        const order =
          pending.type === 'deposit' && pending.orderId === transactionId
            ? queryClient.getQueryData(buyOrderQueryOptions(transactionId).queryKey)
            : undefined;
        if (order) onDepositCompleted(order);
        else close();
      }),
    [queryClient, onDepositCompleted, close],
  );
  const onOrderGone = useCallback(() => {
    notify.error(t('wallet.details.not_found'));
    toTab('deposit');
  }, [t, toTab]);

  const deposit = useFiatDeposit(show);
  const viewMethodId = 'methodId' in view ? view.methodId : '';
  const viewMethod = useFiatMethod(viewMethodId, open && viewMethodId !== '').method;
  const withdrawMethod = view.name === 'fiat-withdraw' ? viewMethod : null;
  const cryptoMethods = useCryptoMethods(open);
  const viewCryptoCode = 'code' in view ? view.code : null;
  const viewCryptoMethod =
    cryptoMethods.data?.find((method) => method.code === viewCryptoCode) ?? null;
  const withdraw = useWithdraw({
    show: (next) => {
      setConfirmingWithdraw(false);
      show(next);
    },
    onCreated: onBalanceChanged,
    hasActiveBonuses,
    onAddressRefused: (messageKey) => {
      setConfirmingWithdraw(false);
      setCryptoAddressError(messageKey);
    },
  });
  const openCryptoGuide = () =>
    void navigate({
      pathname,
      search: searchString(withSearchParams(search, { guide: 'crypto' })),
    });
  const depositExtraTiles = useMemo<ExtraCryptoTile[]>(
    () =>
      messengerBuild
        ? [
            {
              id: 'crypto-bot',
              testId: 'crypto-bot-tile',
              label: t('wallet.crypto.bot.title'),
              hint: t('wallet.crypto.bot.tile_hint'),
              icon: <Bot className="size-7 text-brand-300" aria-hidden="true" />,
              onSelect: () => show({ name: 'crypto-bot-deposit', code: null }),
            },
            {
              id: 'x-rocket',
              testId: 'x-rocket-tile',
              label: t('wallet.crypto.x_rocket.title'),
              hint: t('wallet.crypto.x_rocket.tile_hint'),
              icon: <Rocket className="size-7 text-brand-300" aria-hidden="true" />,
              onSelect: () => show({ name: 'x-rocket' }),
            },
          ]
        : [],
    [messengerBuild, show, t],
  );
  const withdrawExtraTiles = useMemo<ExtraCryptoTile[]>(
    () =>
      messengerBuild
        ? [
            {
              id: 'crypto-bot',
              testId: 'crypto-bot-withdraw-tile',
              label: t('wallet.crypto.bot.title'),
              hint: t('wallet.crypto.bot.withdraw_hint'),
              icon: <Bot className="size-7 text-brand-300" aria-hidden="true" />,
              onSelect: () => show({ name: 'crypto-withdraw', code: null, provider: 'cryptobot' }),
            },
          ]
        : [],
    [messengerBuild, show, t],
  );
  const cryptoLabel = (method: CryptoMethod | null) =>
    method ? `${method.name} · ${method.network}` : '';
  const draft = state.withdrawDraft;
  const draftCryptoMethod =
    draft?.kind === 'crypto'
      ? (cryptoMethods.data?.find((method) => method.code === draft.body.currency) ?? null)
      : null;
  const confirmSummary =
    !confirmingWithdraw || !draft
      ? null
      : draft.kind === 'fiat'
        ? t('wallet.withdraw_form.confirm_text', {
            amount: withdrawMethod
              ? formatMoney(draft.body.amount, withdrawMethod.currency)
              : draft.body.amount,
            method: withdrawMethod?.label || withdrawMethod?.name || '',
          })
        : t('wallet.withdraw_form.confirm_text', {
            amount: draftCryptoMethod
              ? formatMoney(draft.body.amount, draftCryptoMethod.asset, {
                  precision: draftCryptoMethod.precision,
                })
              : draft.body.amount,
            method:
              draft.body.provider === 'cryptobot'
                ? t('wallet.crypto.bot.title')
                : cryptoLabel(draftCryptoMethod),
          });

  const entry = walletViewEntry(view);
  const title =
    entry.title?.(
      {
        t,
        fiatMethodName: viewMethod ? viewMethod.label || viewMethod.name : null,
        cryptoMethodName: viewCryptoMethod?.name ?? null,
      },
      view,
    ) ?? t('wallet.title');
  const context: WalletViewContext = {
    show,
    back,
    toTab,
    tab: currentTab,
    selectTab,
    renderTabHeader,
    fiatBalance,
    deposit,
    onDepositCompleted,
    onOrderGone,
    withdrawDraft: draft,
    confirmWithdraw: (next) => {
      dispatch({ type: 'store-withdraw-draft', draft: next });
      setConfirmingWithdraw(true);
    },
    isWithdrawSubmitting: withdraw.isSubmitting,
    cryptoAddressError,
    clearCryptoAddressError: () => setCryptoAddressError(null),
    cryptoMethods: cryptoMethods.data,
    messengerBuild,
    depositExtraTiles,
    withdrawExtraTiles,
    openCryptoGuide,
    openProfile: () => void navigate(localized('/profile')),
  };
  const View = entry.View;
  const canGoBack = backTarget(view) !== null;

  return (
    <>
      <Dialog open={open} onOpenChange={(next) => (next ? undefined : requestClose())}>
        <DialogContent
          title={
            <span className="flex items-center gap-2">
              {canGoBack ? (
                <button
                  type="button"
                  onClick={back}
                  aria-label={t('wallet.back')}
                  data-testid="wallet-back"
                  className="-ml-1 grid size-8 cursor-pointer place-items-center rounded-lg text-ink-300 transition-colors hover:bg-ink-700 hover:text-ink-100"
                >
                  <ArrowLeft className="size-4" aria-hidden="true" />
                </button>
              ) : null}
              {title}
            </span>
          }
          className="max-w-lg"
          data-testid="wallet-modal"
        >
          <View view={view} context={context} />
        </DialogContent>
      </Dialog>
      <BonusBurnDialog
        open={withdraw.bonusBurnDraft !== null}
        isSubmitting={withdraw.isSubmitting}
        onWithdraw={withdraw.continueBurningBonuses}
        onDismiss={withdraw.dismissBonusBurn}
        onPlay={() => {
          withdraw.dismissBonusBurn();
          setConfirmingWithdraw(false);
          close();
          void navigate(localized('/bonuses'));
        }}
      />
      <WithdrawConfirmDialog
        summary={confirmSummary}
        isSubmitting={withdraw.isSubmitting}
        onConfirm={() => {
          if (draft) void withdraw.confirm(draft);
        }}
        onCancel={() => setConfirmingWithdraw(false)}
      />
      <ExitConfirmationModal
        open={confirmingExit}
        onContinue={() => setConfirmingExit(false)}
        onCancel={() => {
          setConfirmingExit(false);
          close();
        }}
      />
      <DepositSuccessModal
        amount={successAmount}
        onClose={() => setSuccessAmount(null)}
        onPlay={() => {
          setSuccessAmount(null);
          if (!pathname.includes('games')) void navigate(localized('/'));
        }}
      />
    </>
  );
}
