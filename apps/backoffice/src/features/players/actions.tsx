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
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { Field, Input, Select } from '@/components/ui/field.tsx';
import { api, newIdempotencyKey } from '@/lib/api.ts';
import { formatMoney } from '@/lib/format.ts';
import { useCan } from '@/lib/me.ts';
import { banReasonLabel } from './badges.tsx';

/** After an action: the player's overview and every list of the screen read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== 'backoffice' || query.queryKey[1] !== 'me',
    });
}

/** A button that opens its confirmation dialog. */
function ActionButton({
  label,
  variant = 'secondary',
  children,
}: {
  label: string;
  variant?: 'primary' | 'secondary' | 'danger';
  children: (open: boolean, setOpen: (open: boolean) => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {children(open, setOpen)}
    </>
  );
}

/** Ban / unban, VIP, verification and the manual adjustment: each shown only when allowed. */
export function PlayerActions({ player }: { player: PlayerOverview }) {
  const path = `/players/${player.globalId}`;
  const refresh = useRefresh();
  const canBan = useCan('POST', '/players/:globalId/ban');
  const canUnban = useCan('DELETE', '/players/:globalId/ban');
  const canVip = useCan(player.isVip ? 'DELETE' : 'POST', '/players/:globalId/vip');
  const canVerify = useCan(
    player.isVerified ? 'DELETE' : 'POST',
    '/players/:globalId/verification',
  );
  const canAdjust = useCan('POST', '/players/:globalId/adjustments');
  const [reason, setReason] = useState<BanReason>('other');
  const run = async (method: 'POST' | 'DELETE', suffix: string, done: string) => {
    await api(`${path}${suffix}`, { method });
    toast.success(done);
    await refresh();
  };
  return (
    <>
      {canAdjust ? <AdjustmentAction player={player} /> : null}
      {canVerify ? (
        <ActionButton label={player.isVerified ? 'Revoke verification' : 'Mark verified'}>
          {(open, setOpen) => (
            <ConfirmDialog
              open={open}
              onOpenChange={setOpen}
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
          )}
        </ActionButton>
      ) : null}
      {canVip ? (
        <ActionButton label={player.isVip ? 'Remove VIP' : 'Make VIP'}>
          {(open, setOpen) => (
            <ConfirmDialog
              open={open}
              onOpenChange={setOpen}
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
          )}
        </ActionButton>
      ) : null}
      {player.banReason && canUnban ? (
        <ActionButton label="Unban">
          {(open, setOpen) => (
            <ConfirmDialog
              open={open}
              onOpenChange={setOpen}
              title="Lift the ban?"
              description={`Banned for: ${banReasonLabel(player.banReason ?? '')}. The player can use their account again.`}
              confirmLabel="Unban"
              onConfirm={() => run('DELETE', '/ban', 'Ban lifted')}
            />
          )}
        </ActionButton>
      ) : null}
      {!player.banReason && canBan ? (
        <ActionButton label="Ban" variant="danger">
          {(open, setOpen) => (
            <ConfirmDialog
              open={open}
              onOpenChange={setOpen}
              title="Ban this player?"
              description="Every call of the player is refused at once and their open apps show the ban screen."
              confirmLabel="Ban"
              tone="danger"
              onConfirm={async () => {
                await api(`${path}/ban`, { method: 'POST', body: { reason } });
                toast.success('Player banned');
                await refresh();
              }}
            >
              <Field label="Reason">
                {(props) => (
                  <Select
                    {...props}
                    value={reason}
                    onChange={(event) => setReason(event.target.value as BanReason)}
                  >
                    {banReasons.map((code) => (
                      <option key={code} value={code}>
                        {banReasonLabel(code)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </ConfirmDialog>
          )}
        </ActionButton>
      ) : null}
    </>
  );
}

/** A signed amount moved between the house and the player's main balance, with the reason. */
function AdjustmentAction({ player }: { player: PlayerOverview }) {
  const refresh = useRefresh();
  const currencies = [
    ...new Set([player.primaryCurrency, ...player.accounts.map((account) => account.currency)]),
  ];
  const [currency, setCurrency] = useState(player.primaryCurrency);
  const [amount, setAmount] = useState('');
  // one key per operator action: a retried click is not a second adjustment
  const [key, setKey] = useState(newIdempotencyKey);
  return (
    <ActionButton label="Adjust balance">
      {(open, setOpen) => (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
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
              toast.info(
                `Adjustment of ${formatMoney(body.amount.replace('-', ''), body.currency)} awaits a second operator’s approval`,
              );
            } else {
              toast.success('Balance adjusted');
            }
            await refresh();
          }}
        >
          <div className="grid grid-cols-[1fr_8rem] gap-3">
            <Field label="Amount" hint="e.g. 25.00 or -10">
              {(props) => (
                <Input
                  {...props}
                  inputMode="decimal"
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                  required
                />
              )}
            </Field>
            <Field label="Currency">
              {(props) => (
                <Select
                  {...props}
                  value={currency}
                  onChange={(event) => setCurrency(event.target.value)}
                >
                  {currencies.map((code) => (
                    <option key={code}>{code}</option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
        </ConfirmDialog>
      )}
    </ActionButton>
  );
}

/** Deposits and fiat orders refused for the player (a reason for the audit). */
export function PaymentRestrictionsAction({ player }: { player: PlayerOverview }) {
  const refresh = useRefresh();
  const [buyBanned, setBuyBanned] = useState(player.paymentRestrictions.buyBanned);
  const [fiatBanned, setFiatBanned] = useState(player.paymentRestrictions.fiatBanned);
  return (
    <ActionButton label="Change">
      {(open, setOpen) => (
        <ConfirmDialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
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
            toast.success('Payment restrictions saved');
            await refresh();
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
        </ConfirmDialog>
      )}
    </ActionButton>
  );
}

/** The sportsbook bet factor (the trading routes name the player by their internal id). */
export function BetFactor({ player }: { player: PlayerOverview }) {
  const path = `/sport/players/${player.userId}/bet-factor`;
  const canRead = useCan('GET', '/sport/players/:userId/bet-factor');
  const canSet = useCan('PUT', '/sport/players/:userId/bet-factor');
  const refresh = useRefresh();
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
        <ActionButton label="Change">
          {(open, setOpen) => (
            <ConfirmDialog
              open={open}
              onOpenChange={setOpen}
              title="Sportsbook bet factor"
              description="Scales the maximum stake and liability limit from the next ticket on: 1 by default, 0 stops betting, at most 100."
              confirmLabel="Save"
              onConfirm={async () => {
                await api(path, { method: 'PUT', body: { betFactor: value.trim() } });
                toast.success('Bet factor saved');
                await refresh();
              }}
            >
              <Field label="Factor">
                {(props) => (
                  <Input
                    {...props}
                    inputMode="decimal"
                    value={value}
                    placeholder={factor.data?.betFactor ?? '1'}
                    onChange={(event) => setValue(event.target.value)}
                  />
                )}
              </Field>
            </ConfirmDialog>
          )}
        </ActionButton>
      ) : null}
    </div>
  );
}

/** An operator-set responsible-gambling limit, with the reason the audit keeps. */
export function SetLimitAction({ globalId }: { globalId: string }) {
  const refresh = useRefresh();
  const [type, setType] = useState<(typeof limitTypes)[number]>('deposit');
  const [period, setPeriod] = useState<(typeof limitPeriods)[number]>('day');
  const [amount, setAmount] = useState('');
  return (
    <ActionButton label="Set a limit">
      {(open, setOpen) => (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Set a limit for the player"
          description="A money limit is in the player’s primary currency; a session limit counts minutes. Empty removes the limit."
          confirmLabel="Set limit"
          reason={{ label: 'Reason (at least 3 characters)' }}
          onConfirm={async (reason) => {
            await api(`/players/${globalId}/limits/${type}/${period}`, {
              method: 'PUT',
              body: { amount: amount.trim() === '' ? null : amount.trim(), reason },
            });
            toast.success('Limit set');
            await refresh();
          }}
        >
          <div className="grid grid-cols-3 gap-3">
            <Field label="Type">
              {(props) => (
                <Select
                  {...props}
                  value={type}
                  onChange={(event) => setType(event.target.value as typeof type)}
                >
                  {limitTypes.map((option) => (
                    <option key={option}>{option}</option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Period">
              {(props) => (
                <Select
                  {...props}
                  value={period}
                  onChange={(event) => setPeriod(event.target.value as typeof period)}
                >
                  {limitPeriods.map((option) => (
                    <option key={option}>{option}</option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={type === 'session' ? 'Minutes' : 'Amount'}>
              {(props) => (
                <Input
                  {...props}
                  inputMode="decimal"
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                />
              )}
            </Field>
          </div>
        </ConfirmDialog>
      )}
    </ActionButton>
  );
}

/** A time-out or self-exclusion set on the player's behalf (it can only lengthen one). */
export function ExclusionAction({ globalId }: { globalId: string }) {
  const refresh = useRefresh();
  const [choice, setChoice] = useState('time_out:7');
  return (
    <ActionButton label="Exclude">
      {(open, setOpen) => (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
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
            toast.success('Exclusion set');
            await refresh();
          }}
        >
          <Field label="Exclusion">
            {(props) => (
              <Select {...props} value={choice} onChange={(event) => setChoice(event.target.value)}>
                {[1, 7, 30, 42].map((days) => (
                  <option key={days} value={`time_out:${days}`}>
                    Time-out, {days} {days === 1 ? 'day' : 'days'}
                  </option>
                ))}
                {selfExclusionPeriods.map((period) => (
                  <option key={period} value={`self_exclusion:${period}`}>
                    Self-exclusion, {period === 'indefinite' ? 'indefinite' : period}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </ConfirmDialog>
      )}
    </ActionButton>
  );
}
