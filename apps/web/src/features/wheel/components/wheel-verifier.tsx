import { isZeroWheelAmount, type WheelSpinPrize, type WheelSpinResult } from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Info, RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { inputClassName } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { LabelledField, VerifierCheck, VerifierTextField } from '@/components/ui/verifier-fields';
import { useIsSignedIn } from '@/lib/auth-token';
import { cn } from '@/lib/cn';
import { useWheelPrizes } from '../api/get-wheel-prizes';
import { useWheelSpin } from '../api/get-wheel-spin';
import { useWheelSpins, wheelSpinsQueryKeyPrefix } from '../api/get-wheel-spins';
import { formatPrizeAmount } from '../wheel-slices';
import {
  confirmsSpin,
  emptyWheelVerificationForm,
  formatWheelChance,
  parseWheelWeights,
  prizesForWeights,
  verifyWheelSpin,
  type WheelRange,
  type WheelVerificationField,
  type WheelVerificationForm,
  type WheelVerificationResult,
  wheelFormFromSpin,
  wheelRanges,
} from '../wheel-verification';

export interface WheelVerifierProps {
  /** `?spin=`: one of the player's spins to fill the form from */
  spinId: string | null;
  /** the player picked another spin of theirs (null: enter the data by hand) */
  onSelectSpin: (spinId: string | null) => void;
  /**
   * Rotates the player's seed pair, revealing the server seed of the spins made with it (the app
   * composes the fairness call; it rejects when the rotation is refused).
   */
  onRotateSeed: () => Promise<unknown>;
  rotating: boolean;
}

function useDateFormat() {
  const { i18n } = useTranslation();
  return useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'UTC',
      }),
    [i18n.language],
  );
}

/** A prize of a spin's table: its USD amount and whether it is paid as a bonus. */
function PublishedPrize({ prize }: { prize: WheelSpinPrize | null }) {
  const { t } = useTranslation();
  if (!prize || prize.amountUsd === null) {
    return <span className="text-ink-400">{prize ? t('Wheel.verify.unknown_prize') : '—'}</span>;
  }
  return (
    <span className="text-ink-100">
      {isZeroWheelAmount(prize.amountUsd)
        ? t('Wheel.verify.no_prize')
        : formatPrizeAmount(prize.amountUsd, 'USD', false)}
      {prize.balanceType === 'other' ? (
        <span className="ml-1.5 rounded bg-brand-500/15 px-1 text-[10px] font-semibold text-brand-300 uppercase">
          {t('Wheel.verify.bonus')}
        </span>
      ) : null}
    </span>
  );
}

/** The wheel's prizes now, with the chance of each (public: guests see it too). */
function CurrentOdds() {
  const { t, i18n } = useTranslation();
  const prizes = useWheelPrizes();
  return (
    <section
      data-testid="wheel-odds"
      aria-labelledby="wheel-odds-title"
      className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-4 sm:p-5 lg:col-span-2"
    >
      <div>
        <h2 id="wheel-odds-title" className="text-sm font-bold text-ink-100">
          {t('Wheel.verify.odds_title')}
        </h2>
        <p className="text-xs text-ink-400">{t('Wheel.verify.odds_hint')}</p>
      </div>
      {!prizes.data ? (
        <div className="grid place-items-center py-4 text-ink-300">
          {prizes.isError ? t('Shared.temporary_difficulties') : <Spinner />}
        </div>
      ) : prizes.data.length === 0 ? (
        <p className="text-sm text-ink-300">{t('Wheel.verify.odds_empty')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          {prizes.data.map((prize) => (
            <li
              key={prize.id}
              data-testid="wheel-odds-prize"
              className="flex flex-col gap-0.5 rounded-xl bg-ink-800 px-3 py-2"
            >
              <span className="flex items-center gap-1.5 text-sm font-semibold text-ink-100">
                {isZeroWheelAmount(prize.amount)
                  ? t('Wheel.verify.no_prize')
                  : formatPrizeAmount(prize.amount, prize.currency, false)}
                {prize.balanceType === 'other' && !isZeroWheelAmount(prize.amount) ? (
                  <span className="rounded bg-brand-500/15 px-1 text-[10px] font-semibold text-brand-300 uppercase">
                    {t('Wheel.verify.bonus')}
                  </span>
                ) : null}
              </span>
              <span className="font-mono text-xs text-ink-300">
                {formatWheelChance(Number(prize.probability), i18n.language)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SpinPicker({
  spinId,
  onSelectSpin,
}: {
  spinId: string | null;
  onSelectSpin: (spinId: string | null) => void;
}) {
  const { t } = useTranslation();
  const spins = useWheelSpins();
  const dates = useDateFormat();
  const items = spins.data?.items ?? [];
  const listed = spinId === null || items.some((spin) => spin.id === spinId);
  return (
    <LabelledField label={t('Wheel.verify.your_spins')}>
      {(id) => (
        <select
          id={id}
          data-testid="wheel-verify-spins"
          value={spinId ?? ''}
          onChange={(event) => onSelectSpin(event.target.value === '' ? null : event.target.value)}
          className={cn(inputClassName, 'cursor-pointer')}
        >
          <option value="">{t('Wheel.verify.by_hand')}</option>
          {listed ? null : <option value={spinId ?? ''}>{spinId}</option>}
          {items.map((spin) => (
            <option key={spin.id} value={spin.id}>
              {t('Wheel.verify.spin_option', {
                date: dates.format(new Date(spin.createdAt)),
                prize: isZeroWheelAmount(spin.amount)
                  ? t('Wheel.verify.no_prize')
                  : formatPrizeAmount(spin.amount, spin.currency, false),
                nonce: spin.nonce,
              })}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

function invalidField(
  field: WheelVerificationField,
  failed: WheelVerificationField | null,
  form: WheelVerificationForm,
): boolean {
  // an empty form is not an error yet: the server seed comes first
  return field === failed && (field !== 'serverSeed' || form.serverSeed !== '');
}

/**
 * The wheel mode of the verification page: seeds, nonce and the spin's published weights in,
 * the pick recomputed in the browser with the server's own function out, plus whether
 * SHA-256(server seed) equals the hash shown before the spin and whether the recomputed prize is
 * the one the spin paid. `?spin=` fills the form from one of the player's spins; the spin's
 * seed pair can be rotated from here to reveal its server seed. No operator data is needed.
 */
export function WheelVerifier({
  spinId,
  onSelectSpin,
  onRotateSeed,
  rotating,
}: WheelVerifierProps) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  const dates = useDateFormat();
  const spin = useWheelSpin(signedIn ? spinId : null);
  const [form, setForm] = useState<WheelVerificationForm>(() => emptyWheelVerificationForm());
  const [loaded, setLoaded] = useState<WheelSpinResult | null>(null);

  useEffect(() => {
    const data = spin.data;
    if (!data) return;
    // refill when another spin arrives or when the rotation has just revealed this one's seed
    if (data.id === loaded?.id && data.verification.serverSeed === loaded.verification.serverSeed)
      return;
    setLoaded(data);
    setForm(wheelFormFromSpin(data));
  }, [spin.data, loaded]);

  const verification = useMemo(() => verifyWheelSpin(form), [form]);
  // the table and its chances read before the seed is known (e.g. while it is still secret)
  const typedRanges = useMemo(() => {
    const weights = parseWheelWeights(form.weights);
    return weights ? wheelRanges(weights) : null;
  }, [form.weights]);
  const failed = verification.ok ? null : verification.field;
  const update = (changes: Partial<WheelVerificationForm>) =>
    setForm((current) => ({ ...current, ...changes }));

  const rotate = async () => {
    try {
      await onRotateSeed();
    } catch {
      // a refused rotation (a mines round still open) is shown by the app's error toast
      return;
    }
    await queryClient.invalidateQueries({ queryKey: wheelSpinsQueryKeyPrefix });
  };

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <section
        aria-labelledby="wheel-verify-inputs-title"
        className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-4 sm:p-5"
      >
        <h2 id="wheel-verify-inputs-title" className="text-sm font-bold text-ink-100">
          {t('Wheel.verify.inputs')}
        </h2>
        {signedIn ? <SpinPicker spinId={spinId} onSelectSpin={onSelectSpin} /> : null}
        {spinId && spin.isPending && signedIn ? (
          <p className="flex items-center gap-2 text-xs text-ink-300">
            <Spinner /> {t('Wheel.verify.loading_spin')}
          </p>
        ) : null}
        {(spinId && spin.isError) || !signedIn ? (
          <p role={spinId ? 'alert' : undefined} className="text-xs text-ink-300">
            {signedIn ? t('Wheel.verify.spin_not_found') : t('Wheel.verify.sign_in')}
          </p>
        ) : null}
        {loaded && loaded.verification.serverSeed === null ? (
          <div
            data-testid="wheel-verify-seed-hidden"
            className="flex flex-col items-start gap-2 rounded-xl bg-gold-500/10 px-3 py-2 text-xs text-gold-300"
          >
            <p className="flex items-start gap-2">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {t('Wheel.verify.seed_hidden')}
            </p>
            <Button
              variant="outline"
              size="sm"
              disabled={rotating}
              onClick={() => void rotate()}
              data-testid="wheel-verify-rotate"
            >
              {rotating ? <Spinner /> : <RefreshCw className="size-3.5" aria-hidden />}
              {t('Wheel.verify.rotate')}
            </Button>
          </div>
        ) : null}
        <VerifierTextField
          label={t('Originals.fairness.server_seed')}
          value={form.serverSeed}
          onChange={(serverSeed) => update({ serverSeed })}
          invalid={invalidField('serverSeed', failed, form)}
          testId="wheel-verify-server-seed"
        />
        <VerifierTextField
          label={t('Wheel.verify.hash_shown')}
          value={form.serverSeedHash}
          onChange={(serverSeedHash) => update({ serverSeedHash })}
          invalid={false}
          testId="wheel-verify-hash"
        />
        <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
          <VerifierTextField
            label={t('Originals.fairness.client_seed')}
            value={form.clientSeed}
            onChange={(clientSeed) => update({ clientSeed })}
            invalid={invalidField('clientSeed', failed, form)}
            testId="wheel-verify-client-seed"
          />
          <VerifierTextField
            label={t('Originals.fairness.nonce')}
            value={form.nonce}
            onChange={(nonce) => update({ nonce })}
            invalid={invalidField('nonce', failed, form)}
            testId="wheel-verify-nonce"
          />
        </div>
        <LabelledField label={t('Wheel.verify.weights')} hint={t('Wheel.verify.weights_hint')}>
          {(id) => (
            <textarea
              id={id}
              data-testid="wheel-verify-weights"
              rows={3}
              value={form.weights}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={invalidField('weights', failed, form) ? true : undefined}
              onChange={(event) => update({ weights: event.target.value })}
              className={cn(inputClassName, 'h-auto py-2.5 font-mono text-xs sm:text-sm')}
            />
          )}
        </LabelledField>
      </section>

      <section
        data-testid="wheel-verify-result"
        aria-labelledby="wheel-verify-result-title"
        aria-live="polite"
        className="flex min-w-0 flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-4 sm:p-5"
      >
        <h2 id="wheel-verify-result-title" className="text-sm font-bold text-ink-100">
          {t('Wheel.verify.result')}
        </h2>
        {!verification.ok ? (
          <>
            <p className="text-sm text-ink-300">
              {t(`Wheel.verify.invalid.${verification.field}`)}
            </p>
            {typedRanges ? (
              <PrizeTable
                ranges={typedRanges}
                prizes={prizesForWeights(typedRanges, loaded)}
                winner={null}
              />
            ) : null}
          </>
        ) : (
          <VerifiedSpin
            result={verification.value}
            spin={loaded}
            spinDate={loaded ? dates.format(new Date(loaded.createdAt)) : ''}
          />
        )}
        <p className="mt-auto border-t border-ink-700 pt-3 text-xs leading-relaxed text-ink-400">
          {t('Wheel.verify.how_it_works')}
        </p>
      </section>

      <CurrentOdds />
    </div>
  );
}

function VerifiedSpin({
  result,
  spin,
  spinDate,
}: {
  result: WheelVerificationResult;
  spin: WheelSpinResult | null;
  spinDate: string;
}) {
  const { t } = useTranslation();
  const prizes = prizesForWeights(result.ranges, spin);
  const confirmed = spin ? confirmsSpin(result, spin) : null;
  return (
    <>
      {result.hashMatches === null ? null : (
        <VerifierCheck ok={result.hashMatches} testId="wheel-verify-hash-check">
          {result.hashMatches
            ? t('Originals.verify.hash_matches')
            : t('Originals.verify.hash_differs')}
        </VerifierCheck>
      )}
      {confirmed === null ? null : (
        <VerifierCheck ok={confirmed} testId="wheel-verify-spin-check">
          {confirmed
            ? t('Wheel.verify.spin_matches', { date: spinDate })
            : t('Wheel.verify.spin_differs', { date: spinDate })}
        </VerifierCheck>
      )}
      <div className="flex flex-col gap-1">
        <span className="text-[11px] font-medium tracking-wide text-ink-400 uppercase">
          {t('Originals.verify.computed_hash')}
        </span>
        <span className="font-mono text-xs break-all text-ink-300">{result.hash}</span>
      </div>
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1 rounded-xl bg-ink-900/60 px-3 py-2">
        <span className="text-xs text-ink-300">
          {t('Wheel.verify.float')}:{' '}
          <span data-testid="wheel-verify-float" className="font-mono text-ink-100">
            {result.float.toFixed(10)}
          </span>
        </span>
        <span data-testid="wheel-verify-target" className="text-xs text-ink-300">
          {t('Wheel.verify.target', {
            target: result.target.toString(),
            total: result.totalWeight.toString(),
          })}
        </span>
      </div>
      <PrizeTable ranges={result.ranges} prizes={prizes} winner={result.index} />
    </>
  );
}

/** A prize table: each weight's prize (when the weights are the spin's), chance and targets. */
function PrizeTable({
  ranges,
  prizes,
  winner,
}: {
  ranges: readonly WheelRange[];
  prizes: readonly (WheelSpinPrize | null)[];
  /** the index the pick lands on; null before the pick can be recomputed */
  winner: number | null;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[20rem] text-left text-xs">
        <caption className="sr-only">{t('Wheel.verify.table_caption')}</caption>
        <thead className="text-[11px] tracking-wide text-ink-400 uppercase">
          <tr>
            <th scope="col" className="py-1.5 pr-2 font-medium">
              {t('Wheel.verify.table_position')}
            </th>
            <th scope="col" className="py-1.5 pr-2 font-medium">
              {t('Wheel.verify.table_prize')}
            </th>
            <th scope="col" className="py-1.5 pr-2 text-right font-medium">
              {t('Wheel.verify.table_weight')}
            </th>
            <th scope="col" className="py-1.5 pr-2 text-right font-medium">
              {t('Wheel.verify.table_chance')}
            </th>
            <th scope="col" className="hidden py-1.5 text-right font-medium sm:table-cell">
              {t('Wheel.verify.table_range')}
            </th>
          </tr>
        </thead>
        <tbody>
          {ranges.map((range, index) => {
            const isWinner = index === winner;
            return (
              <tr
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the table's positions
                key={index}
                data-testid={isWinner ? 'wheel-verify-winner' : undefined}
                aria-current={isWinner ? 'true' : undefined}
                title={isWinner ? t('Wheel.verify.winner') : undefined}
                className={cn(
                  'border-t border-ink-700/70',
                  isWinner ? 'bg-money-500/10 font-semibold' : range.weight === 0 && 'opacity-60',
                )}
              >
                <td className="py-1.5 pr-2 font-mono whitespace-nowrap text-ink-300">
                  {isWinner ? (
                    <CheckCircle2
                      className="mr-1 inline size-3.5 text-money-400"
                      aria-label={t('Wheel.verify.winner')}
                    />
                  ) : null}
                  {index}
                </td>
                <td
                  className="py-1.5 pr-2"
                  data-testid={isWinner ? 'wheel-verify-prize' : undefined}
                >
                  <PublishedPrize prize={prizes[index] ?? null} />
                </td>
                <td className="py-1.5 pr-2 text-right font-mono text-ink-200">{range.weight}</td>
                <td className="py-1.5 pr-2 text-right font-mono text-ink-200">
                  {formatWheelChance(range.chance, i18n.language)}
                </td>
                <td className="hidden py-1.5 text-right font-mono text-ink-400 sm:table-cell">
                  {range.weight === 0 ? '—' : `${range.from}–${range.to - 1n}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
