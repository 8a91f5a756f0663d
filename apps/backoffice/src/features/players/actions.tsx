import {
  adjustmentSchema,
  type BanReason,
  banReasons,
  limitPeriods,
  limitTypes,
  type PlayerOverview,
  selfExclusionPeriods,
  sportBetFactorSchema,
} from '@casino/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { InputField, SelectField } from '@/components/ui/field.tsx';
import { api, newIdempotencyKey } from '@/lib/api.ts';
import { formatMoney } from '@/lib/format.ts';
import { useCan } from '@/lib/me.ts';
import { banReasonLabel } from './badges.tsx';

/** After an action: its toast, then the player's overview and every list of the screen read again. */
function useActionDone() {
  const queryClient = useQueryClient();
  return async (message: string, tone: 'success' | 'info' = 'success') => {
    toast[tone](message);
    await queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== 'backoffice' || query.queryKey[1] !== 'me',
    });
  };
}

/** A button that opens its confirmation dialog (`ConfirmDialog`'s props, but its own state). */
function ActionDialog({
  label,
  variant = 'secondary',
  onOpenChange,
  ...dialog
}: Omit<ComponentProps<typeof ConfirmDialog>, 'open' | 'onOpenChange'> & {
  label: string;
  variant?: 'primary' | 'secondary' | 'danger';
  /** told when the dialog closes (or opens from within), e.g. to put its fields back */
  onOpenChange?: (open: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        {...dialog}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          onOpenChange?.(next);
        }}
      />
    </>
  );
}

/** Ban / unban, VIP, verification and the manual adjustment: each shown only when allowed. */
export function PlayerActions({ player }: { player: PlayerOverview }) {
  const path = `/players/${player.globalId}`;
  const done = useActionDone();
  const canBan = useCan('POST', '/players/:globalId/ban');
  const canUnban = useCan('DELETE', '/players/:globalId/ban');
  const canVip = useCan(player.isVip ? 'DELETE' : 'POST', '/players/:globalId/vip');
  const canVerify = useCan(
    player.isVerified ? 'DELETE' : 'POST',
    '/players/:globalId/verification',
  );
  const canAdjust = useCan('POST', '/players/:globalId/adjustments');
  const [reason, setReason] = useState<BanReason>('other');
  const run = async (method: 'POST' | 'DELETE', suffix: string, message: string) => {
    await api(`${path}${suffix}`, { method });
    await done(message);
  };
  return (
    <>
      {canAdjust ? <AdjustmentAction player={player} /> : null}
      {canVerify ? (
        <ActionDialog
          label={player.isVerified ? 'Revoke verification' : 'Mark verified'}
          title={player.isVerified ? 'Revoke the verification?' : 'Mark the identity verified?'}
          description="Verified players may withdraw when verification is required."
          confirmLabel={player.isVerified ? 'Revoke' : 'Mark verified'}
          onConfirm={() =>
            run(
              player.isVerified ? 'DELETE' : 'POST',
              '/verification',
              player.isVerified ? 'Verification revoked' : 'Marked verified',
            )
          }
        />
      ) : null}
      {canVip ? (
        <ActionDialog
          label={player.isVip ? 'Remove VIP' : 'Make VIP'}
          title={player.isVip ? 'Remove the VIP status?' : 'Make this player VIP?'}
          confirmLabel={player.isVip ? 'Remove VIP' : 'Make VIP'}
          onConfirm={() =>
            run(
              player.isVip ? 'DELETE' : 'POST',
              '/vip',
              player.isVip ? 'VIP removed' : 'Player is VIP',
            )
          }
        />
      ) : null}
      {player.banReason && canUnban ? (
        <ActionDialog
          label="Unban"
          title="Lift the ban?"
          description={`Banned for: ${banReasonLabel(player.banReason ?? '')}. The player can use their account again.`}
          confirmLabel="Unban"
          onConfirm={() => run('DELETE', '/ban', 'Ban lifted')}
        />
      ) : null}
      {!player.banReason && canBan ? (
        <ActionDialog
          label="Ban"
          variant="danger"
          title="Ban this player?"
          description="Every call of the player is refused at once and their open apps show the ban screen."
          confirmLabel="Ban"
          tone="danger"
          onConfirm={async () => {
            await api(`${path}/ban`, { method: 'POST', body: { reason } });
            await done('Player banned');
          }}
        >
          <SelectField
            label="Reason"
            value={reason}
            onValueChange={setReason}
            options={banReasons.map((code) => ({ value: code, label: banReasonLabel(code) }))}
          />
        </ActionDialog>
      ) : null}
    </>
  );
}

/** A signed amount moved between the house and the player's main balance, with the reason. */
function AdjustmentAction({ player }: { player: PlayerOverview }) {
  const done = useActionDone();
  const currencies = [
    ...new Set([player.primaryCurrency, ...player.accounts.map((account) => account.currency)]),
  ];
  const [currency, setCurrency] = useState(player.primaryCurrency);
  const [amount, setAmount] = useState('');
  // one key per operator action: a retried click is not a second adjustment
  const [key, setKey] = useState(newIdempotencyKey);
  return (
    <ActionDialog
      label="Adjust balance"
      title="Adjust the main balance"
      description="A positive amount credits the player, a negative one debits them. Above the four-eyes threshold another operator must approve it."
      confirmLabel="Adjust"
      reason={{ label: 'Reason (kept in the audit log)' }}
      onConfirm={async (reason) => {
        const body = adjustmentSchema.parse(
          await api(`/players/${player.globalId}/adjustments`, {
            method: 'POST',
            body: { currency, amount: amount.trim(), reason },
            idempotencyKey: key,
          }),
        );
        setKey(newIdempotencyKey());
        setAmount('');
        if (body.status === 'awaiting_second_approval') {
          await done(
            `Adjustment of ${body.amount.startsWith('-') ? '−' : '+'}${formatMoney(body.amount.replace('-', ''), body.currency)} awaits a second operator’s approval`,
            'info',
          );
        } else {
          await done('Balance adjusted');
        }
      }}
    >
      <div className="grid grid-cols-[1fr_8rem] gap-3">
        <InputField
          label="Amount"
          hint="e.g. 25.00 or -10"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          required
        />
        <SelectField
          label="Currency"
          value={currency}
          onValueChange={setCurrency}
          options={currencies}
        />
      </div>
    </ActionDialog>
  );
}

/** Deposits and fiat orders refused for the player (a reason for the audit). */
export function PaymentRestrictionsAction({ player }: { player: PlayerOverview }) {
  const done = useActionDone();
  const [buyBanned, setBuyBanned] = useState(player.paymentRestrictions.buyBanned);
  const [fiatBanned, setFiatBanned] = useState(player.paymentRestrictions.fiatBanned);
  return (
    <ActionDialog
      label="Change"
      onOpenChange={() => {
        setBuyBanned(player.paymentRestrictions.buyBanned);
        setFiatBanned(player.paymentRestrictions.fiatBanned);
      }}
      title="Payment restrictions"
      confirmLabel="Save"
      reason={{ label: 'Reason', optional: true }}
      onConfirm={async (reason) => {
        await api(`/players/${player.globalId}/payment-restrictions`, {
          method: 'PUT',
          body: { buyBanned, fiatBanned, ...(reason ? { reason } : {}) },
        });
        await done('Payment restrictions saved');
      }}
    >
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={buyBanned}
          onChange={(event) => setBuyBanned(event.target.checked)}
        />
        No deposits
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={fiatBanned}
          onChange={(event) => setFiatBanned(event.target.checked)}
        />
        No fiat orders (deposits or withdrawals)
      </label>
    </ActionDialog>
  );
}

/** The sportsbook bet factor (the trading routes name the player by their internal id). */
export function BetFactor({ player }: { player: PlayerOverview }) {
  const path = `/sport/players/${player.userId}/bet-factor`;
  const canRead = useCan('GET', '/sport/players/:userId/bet-factor');
  const canSet = useCan('PUT', '/sport/players/:userId/bet-factor');
  const done = useActionDone();
  const factor = useQuery({
    queryKey: ['backoffice', 'bet-factor', player.userId],
    queryFn: async () => sportBetFactorSchema.parse(await api(path)),
    enabled: canRead,
  });
  const [value, setValue] = useState('');
  if (!canRead) return null;
  return (
    <div className="flex items-center justify-between gap-3">
      <div>
        <div className="text-xs text-muted">Sportsbook bet factor</div>
        <div className="tabular font-medium" data-testid="bet-factor">
          {factor.data
            ? `×${factor.data.betFactor} · open liability ${formatMoney(factor.data.openLiability, factor.data.currency)}`
            : '—'}
        </div>
      </div>
      {canSet ? (
        <ActionDialog
          label="Change"
          title="Sportsbook bet factor"
          description="Scales the maximum stake and liability limit from the next ticket on: 1 by default, 0 stops betting, at most 100."
          confirmLabel="Save"
          onConfirm={async () => {
            await api(path, { method: 'PUT', body: { betFactor: value.trim() } });
            await done('Bet factor saved');
          }}
        >
          <InputField
            label="Factor"
            inputMode="decimal"
            value={value}
            placeholder={factor.data?.betFactor ?? '1'}
            onChange={(event) => setValue(event.target.value)}
          />
        </ActionDialog>
      ) : null}
    </div>
  );
}

/** An operator-set responsible-gambling limit, with the reason the audit keeps. */
export function SetLimitAction({ globalId }: { globalId: string }) {
  const done = useActionDone();
  const [type, setType] = useState<(typeof limitTypes)[number]>('deposit');
  const [period, setPeriod] = useState<(typeof limitPeriods)[number]>('day');
  const [amount, setAmount] = useState('');
  return (
    <ActionDialog
      label="Set a limit"
      title="Set a limit for the player"
      description="A money limit is in the player’s primary currency; a session limit counts minutes. Empty removes the limit."
      confirmLabel="Set limit"
      reason={{ label: 'Reason (at least 3 characters)' }}
      onConfirm={async (reason) => {
        await api(`/players/${globalId}/limits/${type}/${period}`, {
          method: 'PUT',
          body: { amount: amount.trim() === '' ? null : amount.trim(), reason },
        });
        await done('Limit set');
      }}
    >
      <div className="grid grid-cols-3 gap-3">
        <SelectField label="Type" value={type} onValueChange={setType} options={limitTypes} />
        <SelectField
          label="Period"
          value={period}
          onValueChange={setPeriod}
          options={limitPeriods}
        />
        <InputField
          label={type === 'session' ? 'Minutes' : 'Amount'}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </div>
    </ActionDialog>
  );
}

/** A time-out or self-exclusion set on the player's behalf (it can only lengthen one). */
export function ExclusionAction({ globalId }: { globalId: string }) {
  const done = useActionDone();
  const [choice, setChoice] = useState('time_out:7');
  return (
    <ActionDialog
      label="Exclude"
      title="Time-out or self-exclusion"
      description="Immediate: every session of the player ends. It can only lengthen one in force."
      confirmLabel="Exclude"
      tone="danger"
      onConfirm={async () => {
        const [kind, value] = choice.split(':');
        await api(`/players/${globalId}/exclusions`, {
          method: 'POST',
          body:
            kind === 'time_out'
              ? { kind, days: Number(value) }
              : { kind: 'self_exclusion', period: value },
        });
        await done('Exclusion set');
      }}
    >
      <SelectField
        label="Exclusion"
        value={choice}
        onValueChange={setChoice}
        options={[
          ...[1, 7, 30, 42].map((days) => ({
            value: `time_out:${days}`,
            label: `Time-out, ${days} ${days === 1 ? 'day' : 'days'}`,
          })),
          ...selfExclusionPeriods.map((period) => ({
            value: `self_exclusion:${period}`,
            label: `Self-exclusion, ${period === 'indefinite' ? 'indefinite' : period}`,
          })),
        ]}
      />
    </ActionDialog>
  );
}
