import {
  type CryptoMethod,
  type CryptoMethodCode,
  type FiatOrder,
  formatMoney,
} from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDownToLine, ArrowLeft, ArrowUpFromLine, Bot, History, Rocket } from 'lucide-react';
import { Tabs } from 'radix-ui';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { searchString, withSearchParams } from '@/lib/search-params';
import { useLocalizedPath } from '@/lib/use-locale';
import { buyOrderQueryOptions } from '../api/get-buy-order';
import { useCryptoMethods } from '../api/get-crypto-methods';
import { useFiatMethod } from '../api/get-fiat-conditions';
import { currentMessengerLaunch } from '../crypto-messenger';
import { cryptoMethodsForSide, paysWithCryptoBot } from '../crypto-methods';
import { useCryptoMessengerLink } from '../hooks/use-crypto-messenger-link';
import { useFiatDeposit } from '../hooks/use-fiat-deposit';
import { parseWalletTab, useWalletDialog, type WalletTab } from '../hooks/use-wallet-dialog';
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
import { AdditionalDetailsForm } from './additional-details-form';
import { CryptoBotDeposit } from './crypto-bot-deposit';
import { CryptoDepositView } from './crypto-deposit';
import type { ExtraCryptoTile } from './crypto-method-grid';
import { CryptoWithdrawForm } from './crypto-withdraw-form';
import { CryptoXRocket } from './crypto-x-rocket';
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

// TON Connect is large and only the TON views need it: it loads when one of them opens.
const CryptoDepositTon = lazy(() =>
  import('./ton-connect').then((module) => ({ default: module.CryptoDepositTon })),
);
const TonWalletPrefill = lazy(() =>
  import('./ton-connect').then((module) => ({ default: module.TonWalletPrefill })),
);

const tabClassName =
  'flex flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-lg py-2 text-sm font-semibold text-ink-300 transition-colors hover:text-ink-100 data-[state=active]:bg-ink-700 data-[state=active]:text-ink-100';

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

function ViewSpinner() {
  return (
    <div className="grid h-40 place-items-center">
      <Spinner className="size-6 text-brand-300" />
    </div>
  );
}

/** A crypto method by code from the list (the first of `candidates` when no code is given). */
function CryptoMethodView({
  code,
  candidates,
  children,
}: {
  code: CryptoMethodCode | null;
  candidates?: (methods: CryptoMethod[]) => CryptoMethod[];
  children: (method: CryptoMethod, methods: CryptoMethod[]) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const list = useCryptoMethods();
  const methods = list.data ? (candidates ? candidates(list.data) : list.data) : [];
  const method = (code === null ? methods[0] : methods.find((item) => item.code === code)) ?? null;
  if (method) return children(method, methods);
  if (list.isPending) return <ViewSpinner />;
  return <p className="text-sm text-ink-300">{t('wallet.no_methods')}</p>;
}

const cryptoBotDepositMethods = (methods: CryptoMethod[]) =>
  methods.filter((method) => paysWithCryptoBot(method));
const cryptoBotWithdrawMethods = (methods: CryptoMethod[]) =>
  cryptoMethodsForSide(methods, 'sell').filter((method) => paysWithCryptoBot(method));
const withdrawableMethods = (methods: CryptoMethod[]) => cryptoMethodsForSide(methods, 'sell');

/**
 * The wallet modal: its tabs live in the URL (`?wallet=`), the view on top of them in a reducer
 * with the spec's back navigation. Closing during a top-up asks first.
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
      case 'crypto-deposit':
      case 'crypto-deposit-ton':
        return viewCryptoMethod
          ? `${t('wallet.deposit')} · ${viewCryptoMethod.name}`
          : t('wallet.deposit');
      case 'crypto-bot-deposit':
        return `${t('wallet.deposit')} · ${t('wallet.crypto.bot.title')}`;
      case 'x-rocket':
        return t('wallet.crypto.x_rocket.title');
      case 'crypto-withdraw':
        return view.provider === 'cryptobot'
          ? `${t('wallet.withdraw')} · ${t('wallet.crypto.bot.title')}`
          : viewCryptoMethod
            ? `${t('wallet.withdraw')} · ${viewCryptoMethod.name}`
            : t('wallet.withdraw');
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
              <Tabs.Content value="deposit" className="flex flex-col gap-4">
                {renderTabHeader?.('deposit')}
                <MethodList
                  side="buy"
                  playerCurrency={fiatBalance?.currency ?? null}
                  onSelect={(method) => void deposit.start(method)}
                  busyMethodId={deposit.checkingMethodId}
                  onSelectCrypto={(method) => show({ name: 'crypto-deposit', code: method.code })}
                  cryptoExtraTiles={depositExtraTiles}
                />
              </Tabs.Content>
              <Tabs.Content value="withdraw" className="flex flex-col gap-4">
                {renderTabHeader?.('withdraw')}
                <MethodList
                  side="sell"
                  playerCurrency={fiatBalance?.currency ?? null}
                  onSelect={(method) => show({ name: 'fiat-withdraw', methodId: method.id })}
                  onSelectCrypto={(method) =>
                    show({ name: 'crypto-withdraw', code: method.code, provider: null })
                  }
                  cryptoExtraTiles={withdrawExtraTiles}
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
                    draft={
                      draft?.kind === 'fiat' && draft.body.bankId === method.id ? draft.body : null
                    }
                    onSubmit={(body) => {
                      dispatch({ type: 'store-withdraw-draft', draft: { kind: 'fiat', body } });
                      setConfirmingWithdraw(true);
                    }}
                  />
                )}
              </MethodView>
            </div>
          ) : null}

          {view.name === 'crypto-deposit' ? (
            <div data-testid="wallet-view-crypto-deposit">
              <CryptoMethodView code={view.code}>
                {(method) => (
                  <CryptoDepositView
                    method={method}
                    messengerBuild={messengerBuild}
                    onPayWithTonWallet={() =>
                      show({ name: 'crypto-deposit-ton', code: method.code })
                    }
                    onPayWithCryptoBot={() =>
                      show({ name: 'crypto-bot-deposit', code: method.code })
                    }
                    onHowToBuy={openCryptoGuide}
                  />
                )}
              </CryptoMethodView>
            </div>
          ) : null}

          {view.name === 'crypto-deposit-ton' ? (
            <div data-testid="wallet-view-crypto-deposit-ton">
              <CryptoMethodView code={view.code}>
                {(method) => (
                  <Suspense fallback={<ViewSpinner />}>
                    <CryptoDepositTon
                      method={method}
                      onSent={() => show({ name: 'pending', type: 'deposit', orderId: null })}
                    />
                  </Suspense>
                )}
              </CryptoMethodView>
            </div>
          ) : null}

          {view.name === 'crypto-bot-deposit' ? (
            <div data-testid="wallet-view-crypto-bot-deposit">
              <CryptoMethodView code={view.code} candidates={cryptoBotDepositMethods}>
                {(method, methods) => (
                  <CryptoBotDeposit
                    key={method.code}
                    method={method}
                    methods={methods}
                    onMethodChange={(next) => show({ name: 'crypto-bot-deposit', code: next.code })}
                    onInvoiceOpened={() =>
                      show({ name: 'pending', type: 'deposit', orderId: null })
                    }
                  />
                )}
              </CryptoMethodView>
            </div>
          ) : null}

          {view.name === 'x-rocket' ? (
            <div data-testid="wallet-view-x-rocket">
              {cryptoMethods.data ? (
                <CryptoXRocket
                  methods={cryptoMethods.data}
                  onSelect={(method) => show({ name: 'crypto-deposit', code: method.code })}
                />
              ) : (
                <ViewSpinner />
              )}
            </div>
          ) : null}

          {view.name === 'crypto-withdraw' ? (
            <div data-testid="wallet-view-crypto-withdraw">
              <CryptoMethodView
                code={view.code}
                candidates={
                  view.provider === 'cryptobot' ? cryptoBotWithdrawMethods : withdrawableMethods
                }
              >
                {(method, methods) => (
                  <CryptoWithdrawForm
                    key={method.code}
                    method={method}
                    provider={view.provider}
                    providerMethods={methods}
                    onMethodChange={(next) =>
                      show({ name: 'crypto-withdraw', code: next.code, provider: view.provider })
                    }
                    draft={draft?.kind === 'crypto' ? draft.body : null}
                    serverAddressError={cryptoAddressError ? t(cryptoAddressError) : null}
                    onAddressEdited={() => setCryptoAddressError(null)}
                    isSubmitting={withdraw.isSubmitting}
                    onSubmit={(body) => {
                      dispatch({ type: 'store-withdraw-draft', draft: { kind: 'crypto', body } });
                      setConfirmingWithdraw(true);
                    }}
                    renderTonWalletPrefill={(fill) => (
                      <Suspense fallback={null}>
                        <TonWalletPrefill {...fill} />
                      </Suspense>
                    )}
                  />
                )}
              </CryptoMethodView>
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

function DetailsWithMethod(props: Omit<React.ComponentProps<typeof DepositDetails>, 'method'>) {
  const { method } = useFiatMethod(props.view.methodId);
  return <DepositDetails {...props} method={method} />;
}
