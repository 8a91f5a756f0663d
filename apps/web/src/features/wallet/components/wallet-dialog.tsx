import { applyDisplayFormat, type CreateSellOrderBody, type FiatOrder } from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDownToLine, ArrowLeft, ArrowUpFromLine, History } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/notify';
import { useLocalizedPath } from '../../../lib/use-locale';
import { buyOrderQueryOptions } from '../api/get-buy-order';
import { useFiatMethod } from '../api/get-fiat-conditions';
import { useFiatDeposit } from '../hooks/use-fiat-deposit';
import { useFiatWithdraw } from '../hooks/use-fiat-withdraw';
import { parseWalletTab, useWalletDialog, type WalletTab } from '../hooks/use-wallet-dialog';
import { onPendingWalletViewClose } from '../pending-view-close';
import {
  backTarget,
  initialWalletViewState,
  isTopUpInProgress,
  type WalletView,
  walletViewReducer,
} from '../wallet-view';
import { AdditionalDetailsForm } from './additional-details-form';
import { DepositDetails } from './deposit-details';
import { MethodList } from './deposit-tab';
import { FiatDepositForm } from './fiat-deposit-form';
import { type FiatBalance, FiatWithdrawForm } from './fiat-withdraw-form';
import { HistoryTab } from './history-tab';
import { OpenDisputeForm } from './open-dispute-form';
import { ErrorView, PendingView } from './status-views';
import { DepositSuccessModal, ExitConfirmationModal } from './wallet-modals';
import {
  BonusBurnDialog,
  PersonalDataView,
  WagerView,
  WithdrawConfirmDialog,
  WithdrawDisabledView,
} from './withdraw-views';

const tabClassName =
  'flex flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-lg py-2 text-sm font-semibold text-ink-300 transition-colors hover:text-ink-100 data-[state=active]:bg-ink-700 data-[state=active]:text-ink-100';

export interface WalletDialogProps {
  /** Money arrived or left: the app layer refetches the balance. */
  onBalanceChanged?: () => void;
  /** The main fiat balance, for the withdrawal limits; null while unknown. */
  fiatBalance: FiatBalance | null;
  /** The player has active bonuses, which a withdrawal forfeits. */
  hasActiveBonuses: boolean;
}

function LongPendingWidget() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      data-testid="wallet-long-pending"
      className="flex items-center gap-2 rounded-xl border border-ink-700 bg-ink-800 p-3 text-sm text-ink-200"
    >
      <Spinner className="text-brand-300" />
      {t('wallet.creating_order')} {t('Shared.still_working')}
    </div>
  );
}

function MethodView({
  methodId,
  children,
}: {
  methodId: string;
  children: (method: NonNullable<ReturnType<typeof useFiatMethod>['method']>) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const { method, isPending } = useFiatMethod(methodId);
  if (method) return children(method);
  if (isPending) {
    return (
      <div className="grid h-40 place-items-center">
        <Spinner className="size-6 text-brand-300" />
      </div>
    );
  }
  return <p className="text-sm text-ink-300">{t('wallet.no_methods')}</p>;
}

/**
 * The wallet modal: its tabs live in the URL (`?wallet=`), the view on top of them in a reducer
 * with the spec's back navigation. Closing during a top-up asks first.
 */
export function WalletDialog({
  onBalanceChanged,
  fiatBalance,
  hasActiveBonuses,
}: WalletDialogProps) {
  const { t } = useTranslation();
  const { tab, close, selectTab } = useWalletDialog();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const localized = useLocalizedPath();
  const [state, dispatch] = useReducer(
    walletViewReducer<CreateSellOrderBody>,
    undefined,
    initialWalletViewState<CreateSellOrderBody>,
  );
  const [confirmingWithdraw, setConfirmingWithdraw] = useState(false);
  const [confirmingExit, setConfirmingExit] = useState(false);
  const [successAmount, setSuccessAmount] = useState<string | null>(null);
  const open = tab !== null;
  const currentTab: WalletTab = tab ?? 'deposit';
  const view = state.view;

  useEffect(() => {
    if (!open) dispatch({ type: 'reset' });
  }, [open]);

  const show = useCallback((next: WalletView) => dispatch({ type: 'show', view: next }), []);
  const toTab = useCallback(
    (next: WalletTab) => {
      dispatch({ type: 'reset' });
      selectTab(next);
    },
    [selectTab],
  );
  const back = () => {
    const target = backTarget(view);
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
      setSuccessAmount(applyDisplayFormat(order.currencyFrom.displayFormat, order.valueFrom));
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
  const withdraw = useFiatWithdraw({
    show: (next) => {
      setConfirmingWithdraw(false);
      show(next);
    },
    onCreated: onBalanceChanged,
    hasActiveBonuses,
  });

  const title = (() => {
    switch (view.name) {
      case 'fiat-deposit':
        return viewMethod
          ? `${t('wallet.deposit')} · ${viewMethod.label || viewMethod.name}`
          : t('wallet.deposit');
      case 'fiat-deposit-additional-details':
        return t('wallet.additional_details_title');
      case 'fiat-deposit-details':
        return view.isSubmitStep ? t('wallet.details.submit_title') : t('wallet.details.title');
      case 'fiat-withdraw':
        return viewMethod
          ? `${t('wallet.withdraw')} · ${viewMethod.label || viewMethod.name}`
          : t('wallet.withdraw');
      case 'open-dispute':
        return t('wallet.dispute.title');
      default:
        return t('wallet.title');
    }
  })();
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
          {view.name === 'wallet' ? (
            <Tabs.Root
              data-testid="wallet-view-wallet"
              value={currentTab}
              onValueChange={(value) => {
                const next = parseWalletTab(value);
                if (next) selectTab(next);
              }}
            >
              <Tabs.List
                className="mb-4 flex gap-1 rounded-xl bg-ink-800 p-1"
                aria-label={t('wallet.title')}
              >
                <Tabs.Trigger value="deposit" className={tabClassName}>
                  <ArrowDownToLine className="size-4" aria-hidden="true" />
                  {t('wallet.deposit')}
                </Tabs.Trigger>
                <Tabs.Trigger value="withdraw" className={tabClassName}>
                  <ArrowUpFromLine className="size-4" aria-hidden="true" />
                  {t('wallet.withdraw')}
                </Tabs.Trigger>
                <Tabs.Trigger value="history" className={tabClassName}>
                  <History className="size-4" aria-hidden="true" />
                  {t('wallet.history')}
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="deposit">
                <MethodList
                  side="buy"
                  onSelect={(method) => void deposit.start(method)}
                  busyMethodId={deposit.checkingMethodId}
                />
              </Tabs.Content>
              <Tabs.Content value="withdraw">
                <MethodList
                  side="sell"
                  onSelect={(method) => show({ name: 'fiat-withdraw', methodId: method.id })}
                />
              </Tabs.Content>
              <Tabs.Content value="history">
                <HistoryTab
                  onOpenOrder={(item) =>
                    show({
                      name: 'fiat-deposit-details',
                      orderId: item.id,
                      methodId: item.senderBank?.id ?? '',
                      isSubmitStep: false,
                      order: null,
                    })
                  }
                  onOpenDispute={(orderId) => show({ name: 'open-dispute', orderId })}
                />
              </Tabs.Content>
            </Tabs.Root>
          ) : null}

          {view.name === 'fiat-deposit' ? (
            <div data-testid="wallet-view-fiat-deposit" className="flex flex-col gap-3">
              <MethodView methodId={view.methodId}>
                {(method) => (
                  <FiatDepositForm
                    method={method}
                    isSubmitting={deposit.isCreating}
                    onContinue={(amount) => deposit.submitAmount(method, amount)}
                  />
                )}
              </MethodView>
              {deposit.isLongPending ? <LongPendingWidget /> : null}
            </div>
          ) : null}

          {view.name === 'fiat-deposit-additional-details' ? (
            <div
              data-testid="wallet-view-fiat-deposit-additional-details"
              className="flex flex-col gap-3"
            >
              <MethodView methodId={view.methodId}>
                {(method) => (
                  <AdditionalDetailsForm
                    method={method}
                    isSubmitting={deposit.isCreating}
                    onSubmit={(fields) => deposit.create(method, view.amount, fields)}
                  />
                )}
              </MethodView>
              {deposit.isLongPending ? <LongPendingWidget /> : null}
            </div>
          ) : null}

          {view.name === 'fiat-deposit-details' ? (
            <div data-testid="wallet-view-fiat-deposit-details">
              <DetailsWithMethod
                view={view}
                onShow={show}
                onOrderGone={onOrderGone}
                onCompleted={onDepositCompleted}
              />
            </div>
          ) : null}

          {view.name === 'pending' ? (
            <PendingView
              view={view}
              onToHistory={() => toTab('history')}
              onDepositCompleted={onDepositCompleted}
              onDepositFailed={() => toTab('history')}
            />
          ) : null}

          {view.name === 'error' ? (
            <ErrorView
              view={view}
              onRetry={() =>
                view.type === 'deposit'
                  ? show({ name: 'fiat-deposit', methodId: view.methodId })
                  : show({ name: 'fiat-withdraw', methodId: view.methodId })
              }
              onChooseAnother={() => toTab('deposit')}
            />
          ) : null}

          {view.name === 'fiat-withdraw' ? (
            <div data-testid="wallet-view-fiat-withdraw">
              <MethodView methodId={view.methodId}>
                {(method) => (
                  <FiatWithdrawForm
                    method={method}
                    balance={fiatBalance}
                    draft={state.withdrawDraft?.bankId === method.id ? state.withdrawDraft : null}
                    onSubmit={(draft) => {
                      dispatch({ type: 'store-withdraw-draft', draft });
                      setConfirmingWithdraw(true);
                    }}
                  />
                )}
              </MethodView>
            </div>
          ) : null}

          {view.name === 'withdraw-disabled' ? <WithdrawDisabledView onReturn={back} /> : null}
          {view.name === 'wager' ? <WagerView onReturn={back} /> : null}
          {view.name === 'personal-data' ? (
            <PersonalDataView
              onReturn={back}
              onProfile={() => void navigate(localized('/profile'))}
            />
          ) : null}
          {view.name === 'open-dispute' ? (
            <OpenDisputeForm
              orderId={view.orderId}
              onOpened={() => show({ name: 'pending', type: 'dispute', orderId: view.orderId })}
            />
          ) : null}
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
        summary={
          confirmingWithdraw && state.withdrawDraft
            ? t('wallet.withdraw_form.confirm_text', {
                amount: `${state.withdrawDraft.amount} ${withdrawMethod?.currency ?? ''}`.trim(),
                method: withdrawMethod?.label || withdrawMethod?.name || '',
              })
            : null
        }
        isSubmitting={withdraw.isSubmitting}
        onConfirm={() => {
          if (state.withdrawDraft) void withdraw.confirm(state.withdrawDraft);
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

function DetailsWithMethod(props: Omit<React.ComponentProps<typeof DepositDetails>, 'method'>) {
  const { method } = useFiatMethod(props.view.methodId);
  return <DepositDetails {...props} method={method} />;
}
