import type { CryptoMethod, CryptoMethodCode, CryptoProvider, FiatOrder } from '@casino/contract';
import { ArrowDownToLine, ArrowUpFromLine, History } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { lazy } from '@/lib/lazy';
import { useCryptoMethods } from '../api/get-crypto-methods';
import { useFiatMethod } from '../api/get-fiat-conditions';
import { cryptoMethodsForSide, paysWithCryptoBot } from '../crypto-methods';
import type { useFiatDeposit } from '../hooks/use-fiat-deposit';
import { parseWalletTab, type WalletTab } from '../hooks/use-wallet-dialog';
import type { WalletView, WalletViewName, WalletViewOf, WithdrawDraft } from '../wallet-view';
import { backToTab, backToView, type WalletViewEntry, walletView } from '../wallet-view-entry';
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
import { PersonalDataView, WagerView, WithdrawDisabledView } from './withdraw-views';

/**
 * The wallet modal's views, in one registry: each entry declares the view's parameters, its
 * back navigation (wallet spec §2), its title, whether closing it interrupts a top-up, and the
 * component that renders it. The `WalletView` type (`../wallet-view.ts`) is derived from it, and
 * the dialog renders whatever entry the current view names, so adding a view is adding an entry.
 */

/** What the dialog hands every view: its state and the ways to leave or change the view. */
export interface WalletViewContext {
  show: (view: WalletView) => void;
  /** The back button's action. */
  back: () => void;
  /** Leaves the view for the tab list, on that tab. */
  toTab: (tab: WalletTab) => void;
  /** The tab list's selected tab and how to select another (it lives in the URL). */
  tab: WalletTab;
  selectTab: (tab: WalletTab) => void;
  /** What the deposit and withdraw tabs show above their methods; the app layer composes it. */
  renderTabHeader: ((tab: 'deposit' | 'withdraw') => ReactNode) | undefined;
  /** The main fiat balance, for the withdrawal limits; null while unknown. */
  fiatBalance: FiatBalance | null;
  deposit: ReturnType<typeof useFiatDeposit>;
  onDepositCompleted: (order: FiatOrder) => void;
  /** The order a details view showed no longer exists. */
  onOrderGone: () => void;
  /** The withdrawal the player submitted and is confirming. */
  withdrawDraft: WithdrawDraft | null;
  /** Keeps the submitted withdrawal and asks the player to confirm it. */
  confirmWithdraw: (draft: WithdrawDraft) => void;
  isWithdrawSubmitting: boolean;
  /** The server's refusal of the crypto address (a message key), shown beside the field. */
  cryptoAddressError: string | null;
  clearCryptoAddressError: () => void;
  /** The crypto methods, once loaded. */
  cryptoMethods: CryptoMethod[] | undefined;
  /** The messenger mini-app build (spec §6: crypto bot and x-rocket). */
  messengerBuild: boolean;
  depositExtraTiles: ExtraCryptoTile[];
  withdrawExtraTiles: ExtraCryptoTile[];
  openCryptoGuide: () => void;
  openProfile: () => void;
}

type WalletViewProps<Name extends WalletViewName> = {
  view: WalletViewOf<Name>;
  context: WalletViewContext;
};

// TON Connect is large and only the TON views need it: it loads when one of them opens.
const CryptoDepositTon = lazy(() =>
  import('./ton-connect').then((module) => ({ default: module.CryptoDepositTon })),
);
const TonWalletPrefill = lazy(() =>
  import('./ton-connect').then((module) => ({ default: module.TonWalletPrefill })),
);

const tabClassName =
  'flex flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-lg py-2 text-sm font-semibold text-ink-300 transition-colors hover:text-ink-100 data-[state=active]:bg-ink-700 data-[state=active]:text-ink-100';

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

function ViewSpinner() {
  return (
    <div className="grid h-40 place-items-center">
      <Spinner className="size-6 text-brand-300" />
    </div>
  );
}

function MethodView({
  methodId,
  children,
}: {
  methodId: string;
  children: (method: NonNullable<ReturnType<typeof useFiatMethod>['method']>) => ReactNode;
}) {
  const { t } = useTranslation();
  const { method, isPending } = useFiatMethod(methodId);
  if (method) return children(method);
  if (isPending) return <ViewSpinner />;
  return <p className="text-sm text-ink-300">{t('wallet.no_methods')}</p>;
}

/** A crypto method by code from the list (the first of `candidates` when no code is given). */
function CryptoMethodView({
  code,
  candidates,
  children,
}: {
  code: CryptoMethodCode | null;
  candidates?: (methods: CryptoMethod[]) => CryptoMethod[];
  children: (method: CryptoMethod, methods: CryptoMethod[]) => ReactNode;
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

function WalletTabsView({ context }: WalletViewProps<'wallet'>) {
  const { t } = useTranslation();
  const { deposit, show } = context;
  return (
    <Tabs.Root
      data-testid="wallet-view-wallet"
      value={context.tab}
      onValueChange={(value) => {
        const next = parseWalletTab(value);
        if (next) context.selectTab(next);
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
        {context.renderTabHeader?.('deposit')}
        <MethodList
          side="buy"
          playerCurrency={context.fiatBalance?.currency ?? null}
          onSelect={(method) => void deposit.start(method)}
          busyMethodId={deposit.checkingMethodId}
          onSelectCrypto={(method) => show({ name: 'crypto-deposit', code: method.code })}
          cryptoExtraTiles={context.depositExtraTiles}
        />
      </Tabs.Content>
      <Tabs.Content value="withdraw" className="flex flex-col gap-4">
        {context.renderTabHeader?.('withdraw')}
        <MethodList
          side="sell"
          playerCurrency={context.fiatBalance?.currency ?? null}
          onSelect={(method) => show({ name: 'fiat-withdraw', methodId: method.id })}
          onSelectCrypto={(method) =>
            show({ name: 'crypto-withdraw', code: method.code, provider: null })
          }
          cryptoExtraTiles={context.withdrawExtraTiles}
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
  );
}

function FiatDepositView({ view, context }: WalletViewProps<'fiat-deposit'>) {
  const { deposit } = context;
  return (
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
  );
}

function FiatDepositAdditionalDetailsView({
  view,
  context,
}: WalletViewProps<'fiat-deposit-additional-details'>) {
  const { deposit } = context;
  return (
    <div data-testid="wallet-view-fiat-deposit-additional-details" className="flex flex-col gap-3">
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
  );
}

function FiatDepositDetailsView({ view, context }: WalletViewProps<'fiat-deposit-details'>) {
  const { method } = useFiatMethod(view.methodId);
  return (
    <div data-testid="wallet-view-fiat-deposit-details">
      <DepositDetails
        view={view}
        method={method}
        onShow={context.show}
        onOrderGone={context.onOrderGone}
        onCompleted={context.onDepositCompleted}
      />
    </div>
  );
}

function PendingStatusView({ view, context }: WalletViewProps<'pending'>) {
  return (
    <PendingView
      view={view}
      onToHistory={() => context.toTab('history')}
      onDepositCompleted={context.onDepositCompleted}
      onDepositFailed={() => context.toTab('history')}
    />
  );
}

function ErrorStatusView({ view, context }: WalletViewProps<'error'>) {
  return (
    <ErrorView
      view={view}
      onRetry={() =>
        view.type === 'deposit'
          ? context.show({ name: 'fiat-deposit', methodId: view.methodId })
          : context.show({ name: 'fiat-withdraw', methodId: view.methodId })
      }
      onChooseAnother={() => context.toTab('deposit')}
    />
  );
}

function FiatWithdrawView({ view, context }: WalletViewProps<'fiat-withdraw'>) {
  const draft = context.withdrawDraft;
  return (
    <div data-testid="wallet-view-fiat-withdraw">
      <MethodView methodId={view.methodId}>
        {(method) => (
          <FiatWithdrawForm
            method={method}
            balance={context.fiatBalance}
            draft={draft?.kind === 'fiat' && draft.body.bankId === method.id ? draft.body : null}
            onSubmit={(body) => context.confirmWithdraw({ kind: 'fiat', body })}
          />
        )}
      </MethodView>
    </div>
  );
}

function CryptoDepositMethodView({ view, context }: WalletViewProps<'crypto-deposit'>) {
  return (
    <div data-testid="wallet-view-crypto-deposit">
      <CryptoMethodView code={view.code}>
        {(method) => (
          <CryptoDepositView
            method={method}
            messengerBuild={context.messengerBuild}
            onPayWithTonWallet={() =>
              context.show({ name: 'crypto-deposit-ton', code: method.code })
            }
            onPayWithCryptoBot={() =>
              context.show({ name: 'crypto-bot-deposit', code: method.code })
            }
            onHowToBuy={context.openCryptoGuide}
          />
        )}
      </CryptoMethodView>
    </div>
  );
}

function CryptoDepositTonView({ view, context }: WalletViewProps<'crypto-deposit-ton'>) {
  return (
    <div data-testid="wallet-view-crypto-deposit-ton">
      <CryptoMethodView code={view.code}>
        {(method) => (
          <Suspense fallback={<ViewSpinner />}>
            <CryptoDepositTon
              method={method}
              onSent={() => context.show({ name: 'pending', type: 'deposit', orderId: null })}
            />
          </Suspense>
        )}
      </CryptoMethodView>
    </div>
  );
}

function CryptoBotDepositView({ view, context }: WalletViewProps<'crypto-bot-deposit'>) {
  return (
    <div data-testid="wallet-view-crypto-bot-deposit">
      <CryptoMethodView code={view.code} candidates={cryptoBotDepositMethods}>
        {(method, methods) => (
          <CryptoBotDeposit
            key={method.code}
            method={method}
            methods={methods}
            onMethodChange={(next) => context.show({ name: 'crypto-bot-deposit', code: next.code })}
            onInvoiceOpened={() =>
              context.show({ name: 'pending', type: 'deposit', orderId: null })
            }
          />
        )}
      </CryptoMethodView>
    </div>
  );
}

function XRocketView({ context }: WalletViewProps<'x-rocket'>) {
  return (
    <div data-testid="wallet-view-x-rocket">
      {context.cryptoMethods ? (
        <CryptoXRocket
          methods={context.cryptoMethods}
          onSelect={(method) => context.show({ name: 'crypto-deposit', code: method.code })}
        />
      ) : (
        <ViewSpinner />
      )}
    </div>
  );
}

function CryptoWithdrawView({ view, context }: WalletViewProps<'crypto-withdraw'>) {
  const { t } = useTranslation();
  const draft = context.withdrawDraft;
  return (
    <div data-testid="wallet-view-crypto-withdraw">
      <CryptoMethodView
        code={view.code}
        candidates={view.provider === 'cryptobot' ? cryptoBotWithdrawMethods : withdrawableMethods}
      >
        {(method, methods) => (
          <CryptoWithdrawForm
            key={method.code}
            method={method}
            provider={view.provider}
            providerMethods={methods}
            onMethodChange={(next) =>
              context.show({ name: 'crypto-withdraw', code: next.code, provider: view.provider })
            }
            draft={draft?.kind === 'crypto' ? draft.body : null}
            serverAddressError={context.cryptoAddressError ? t(context.cryptoAddressError) : null}
            onAddressEdited={context.clearCryptoAddressError}
            isSubmitting={context.isWithdrawSubmitting}
            onSubmit={(body) => context.confirmWithdraw({ kind: 'crypto', body })}
            renderTonWalletPrefill={(fill) => (
              <Suspense fallback={null}>
                <TonWalletPrefill {...fill} />
              </Suspense>
            )}
          />
        )}
      </CryptoMethodView>
    </div>
  );
}

function WithdrawDisabledNotice({ context }: WalletViewProps<'withdraw-disabled'>) {
  return <WithdrawDisabledView onReturn={context.back} />;
}

function WagerNotice({ context }: WalletViewProps<'wager'>) {
  return <WagerView onReturn={context.back} />;
}

function PersonalDataNotice({ context }: WalletViewProps<'personal-data'>) {
  return <PersonalDataView onReturn={context.back} onProfile={context.openProfile} />;
}

function OpenDisputeView({ view, context }: WalletViewProps<'open-dispute'>) {
  return (
    <OpenDisputeForm
      orderId={view.orderId}
      onOpened={() => context.show({ name: 'pending', type: 'dispute', orderId: view.orderId })}
    />
  );
}

/** "Deposit · Method", or "Deposit" while the method is unknown. */
function withMethod(action: string, methodName: string | null): string {
  return methodName === null ? action : `${action} · ${methodName}`;
}

/**
 * The registry as written. Read it through `walletViews` (checked below) or, for a view of any
 * name, `walletViewEntry`.
 */
export const walletViewDefinitions = {
  wallet: walletView()({
    back: () => null,
    View: WalletTabsView,
  }),
  'fiat-deposit': walletView<{ methodId: string }>()({
    back: () => backToTab('deposit'),
    topUp: true,
    title: ({ t, fiatMethodName }) => withMethod(t('wallet.deposit'), fiatMethodName),
    View: FiatDepositView,
  }),
  'fiat-deposit-additional-details': walletView<{ methodId: string; amount: string }>()({
    back: ({ methodId }) => backToView('fiat-deposit', { methodId }),
    topUp: true,
    title: ({ t }) => t('wallet.additional_details_title'),
    View: FiatDepositAdditionalDetailsView,
  }),
  'fiat-deposit-details': walletView<{
    orderId: string;
    methodId: string;
    isSubmitStep: boolean;
    order: FiatOrder | null;
  }>()({
    back: (view) =>
      view.isSubmitStep
        ? backToView('fiat-deposit-details', { ...view, isSubmitStep: false })
        : backToTab('deposit'),
    topUp: true,
    title: ({ t }, view) =>
      view.isSubmitStep ? t('wallet.details.submit_title') : t('wallet.details.title'),
    View: FiatDepositDetailsView,
  }),
  pending: walletView<{ type: 'deposit' | 'withdraw' | 'dispute'; orderId: string | null }>()({
    back: ({ type }) => backToTab(type === 'dispute' ? 'history' : type),
    View: PendingStatusView,
  }),
  error: walletView<{ type: 'deposit' | 'withdraw'; methodId: string }>()({
    back: ({ type }) => backToTab(type, type === 'withdraw'),
    View: ErrorStatusView,
  }),
  'fiat-withdraw': walletView<{ methodId: string }>()({
    back: () => backToTab('withdraw', true),
    title: ({ t, fiatMethodName }) => withMethod(t('wallet.withdraw'), fiatMethodName),
    View: FiatWithdrawView,
  }),
  'crypto-deposit': walletView<{ code: CryptoMethodCode }>()({
    back: () => backToTab('deposit'),
    title: ({ t, cryptoMethodName }) => withMethod(t('wallet.deposit'), cryptoMethodName),
    View: CryptoDepositMethodView,
  }),
  'crypto-deposit-ton': walletView<{ code: CryptoMethodCode }>()({
    back: ({ code }) => backToView('crypto-deposit', { code }),
    title: ({ t, cryptoMethodName }) => withMethod(t('wallet.deposit'), cryptoMethodName),
    View: CryptoDepositTonView,
  }),
  'crypto-bot-deposit': walletView<{ code: CryptoMethodCode | null }>()({
    back: () => backToTab('deposit'),
    title: ({ t }) => withMethod(t('wallet.deposit'), t('wallet.crypto.bot.title')),
    View: CryptoBotDepositView,
  }),
  'x-rocket': walletView()({
    back: () => backToTab('deposit'),
    title: ({ t }) => t('wallet.crypto.x_rocket.title'),
    View: XRocketView,
  }),
  /** A method's withdrawal to an address, or (provider cryptobot) to the messenger's wallet. */
  'crypto-withdraw': walletView<{
    code: CryptoMethodCode | null;
    provider: CryptoProvider | null;
  }>()({
    back: () => backToTab('withdraw', true),
    title: ({ t, cryptoMethodName }, view) =>
      withMethod(
        t('wallet.withdraw'),
        view.provider === 'cryptobot' ? t('wallet.crypto.bot.title') : cryptoMethodName,
      ),
    View: CryptoWithdrawView,
  }),
  'withdraw-disabled': walletView()({
    back: () => backToTab('withdraw'),
    View: WithdrawDisabledNotice,
  }),
  'open-dispute': walletView<{ orderId: string }>()({
    back: () => backToTab('history'),
    title: ({ t }) => t('wallet.dispute.title'),
    View: OpenDisputeView,
  }),
  wager: walletView()({
    back: () => backToTab('withdraw', true),
    View: WagerNotice,
  }),
  'personal-data': walletView()({
    back: () => backToTab('withdraw', true),
    View: PersonalDataNotice,
  }),
};

/**
 * The registry, every entry checked against its view: its back target must be a view (or the
 * tab list), and its component must render exactly that view.
 * @alias of walletViewDefinitions, typed as the registry
 */
export const walletViews: {
  [Name in WalletViewName]: WalletViewEntry<Name, WalletViewContext>;
} = walletViewDefinitions;

/** The names of every registered view. */
export const walletViewNames = Object.keys(walletViews) as WalletViewName[];

/** The entry of a view of any name (TypeScript cannot tie `walletViews[view.name]` to `view`). */
export function walletViewEntry(
  view: WalletView,
): WalletViewEntry<WalletViewName, WalletViewContext> {
  return walletViews[view.name] as WalletViewEntry<WalletViewName, WalletViewContext>;
}
