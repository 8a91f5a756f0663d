import {
  type OriginalEngine,
  plinkoOutcomeSchema,
  type Round,
  type SlotSymbol,
  slotOutcomeSchema,
  slotSymbols,
} from '@casino/contract';
import { Info } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClassName } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { LabelledField, VerifierCheck, VerifierTextField } from '@/components/ui/verifier-fields';
import { useIsSignedIn } from '@/lib/auth-token';
import { cn } from '@/lib/cn';
import { useRound } from '../api/get-rounds';
import { formatMultiplier } from '../format';
import { minesTiles } from '../game-helpers';
import {
  emptyVerificationForm,
  formFromRound,
  isOriginalEngine,
  matchesRound,
  originalEngines,
  paramFields,
  type VerificationField,
  type VerificationForm,
  verify,
} from '../verification';
import { GemIcon, MineIcon } from './game-art';
import { SlotSymbolArt } from './slot-symbols';

function SelectField({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <LabelledField label={label}>
      {(id) => (
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={cn(inputClassName, 'cursor-pointer')}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

/** The recomputed outcome, drawn the way the game shows it. */
function OutcomeView({
  engine,
  outcome,
}: {
  engine: OriginalEngine;
  outcome: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  switch (engine) {
    case 'dice':
    case 'limbo': {
      const value = engine === 'dice' ? outcome.roll : outcome.result;
      return (
        <p className="font-mono text-4xl font-extrabold text-ink-100 tabular-nums">
          {typeof value === 'number'
            ? engine === 'dice'
              ? value.toFixed(2)
              : formatMultiplier(value)
            : '—'}
        </p>
      );
    }
    case 'mines': {
      const mines = Array.isArray(outcome.mines) ? (outcome.mines as number[]) : [];
      const revealed = Array.isArray(outcome.revealed) ? (outcome.revealed as number[]) : [];
      return (
        <div className="grid w-full max-w-60 grid-cols-5 gap-1.5">
          {minesTiles.map((tile) => (
            <div
              key={tile}
              data-testid={`verify-mines-tile-${tile}`}
              className={cn(
                'relative grid aspect-square place-items-center rounded-lg',
                revealed.includes(tile) ? 'bg-ink-950 ring-1 ring-money-500/50' : 'bg-ink-700',
              )}
            >
              {mines.includes(tile) ? (
                <MineIcon className="size-3/5" />
              ) : (
                <GemIcon className={cn('size-3/5', !revealed.includes(tile) && 'opacity-30')} />
              )}
              <span className="absolute top-0.5 left-1 text-[9px] text-ink-400">{tile}</span>
            </div>
          ))}
        </div>
      );
    }
    case 'plinko': {
      const parsed = plinkoOutcomeSchema.safeParse(outcome);
      if (!parsed.success) return null;
      return (
        <p className="text-sm text-ink-200">
          {t('Originals.verify.plinko_path', {
            path: parsed.data.path.map((step) => (step === 1 ? 'R' : 'L')).join(' '),
            bucket: parsed.data.bucket + 1,
          })}
        </p>
      );
    }
    case 'keno': {
      const drawn = Array.isArray(outcome.drawn) ? (outcome.drawn as number[]) : [];
      return (
        <ol className="flex flex-wrap gap-1.5">
          {drawn.map((value) => (
            <li
              key={value}
              className="grid size-9 place-items-center rounded-lg bg-ink-700 font-mono text-sm font-bold text-ink-100"
            >
              {value}
            </li>
          ))}
        </ol>
      );
    }
    case 'slot': {
      const parsed = slotOutcomeSchema.safeParse(outcome);
      if (!parsed.success) return null;
      return (
        <div className="grid w-full max-w-72 grid-cols-5 gap-1 rounded-xl bg-ink-950 p-1.5">
          {parsed.data.reels.map((column, reel) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: reels are positions
            <div key={reel} className="flex flex-col gap-1">
              {column.map((symbol, row) =>
                (slotSymbols as readonly string[]).includes(symbol) ? (
                  <SlotSymbolArt
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions
                    key={row}
                    symbol={symbol as SlotSymbol}
                    className="aspect-square w-full rounded-md bg-ink-800 p-1"
                  />
                ) : null,
              )}
            </div>
          ))}
        </div>
      );
    }
  }
}

function fieldInvalid(field: VerificationField, failed: VerificationField | null): boolean {
  return field === failed;
}

/**
 * The verification page: seeds, nonce and params in, the round recomputed in the browser with
 * the shared functions out, plus whether SHA-256(server seed) equals the hash shown before play.
 * `?round=` fills the form from one of the player's rounds.
 */
export function FairnessVerifier({ roundId }: { roundId: string | null }) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const round = useRound(signedIn ? roundId : null);
  const [form, setForm] = useState<VerificationForm>(() => emptyVerificationForm());
  const [loadedRound, setLoadedRound] = useState<Round | null>(null);

  useEffect(() => {
    if (!round.data || round.data.id === loadedRound?.id) return;
    setLoadedRound(round.data);
    setForm(formFromRound(round.data));
  }, [round.data, loadedRound?.id]);

  const verification = useMemo(() => verify(form), [form]);
  const failed = verification.ok ? null : verification.field;
  const update = (changes: Partial<VerificationForm>) =>
    setForm((current) => ({ ...current, ...changes }));
  const comparable =
    loadedRound && loadedRound.state === 'settled' && form.engine === loadedRound.engine;

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <section
        aria-labelledby="verify-inputs-title"
        className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-4 sm:p-5"
      >
        <h2 id="verify-inputs-title" className="text-sm font-bold text-ink-100">
          {t('Originals.verify.inputs')}
        </h2>
        {roundId && round.isPending && signedIn ? (
          <p className="flex items-center gap-2 text-xs text-ink-300">
            <Spinner /> {t('Originals.verify.loading_round')}
          </p>
        ) : null}
        {roundId && (round.isError || !signedIn) ? (
          <p role="alert" className="text-xs text-danger-400">
            {signedIn ? t('Originals.verify.round_not_found') : t('Originals.verify.sign_in')}
          </p>
        ) : null}
        {loadedRound && loadedRound.serverSeed === null ? (
          <p
            data-testid="verify-seed-hidden"
            className="flex items-start gap-2 rounded-xl bg-gold-500/10 px-3 py-2 text-xs text-gold-300"
          >
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('Originals.verify.seed_hidden')}
          </p>
        ) : null}
        <SelectField
          label={t('Originals.verify.game')}
          value={form.engine}
          options={originalEngines.map((engine) => ({
            value: engine,
            label: t(`Originals.engines.${engine}`),
          }))}
          onChange={(value) => {
            if (isOriginalEngine(value)) {
              const fresh = emptyVerificationForm(value);
              update({ engine: value, params: fresh.params, minesRevealed: '', minesHit: '' });
            }
          }}
        />
        <VerifierTextField
          label={t('Originals.fairness.server_seed')}
          value={form.serverSeed}
          onChange={(serverSeed) => update({ serverSeed })}
          invalid={fieldInvalid('serverSeed', failed) && form.serverSeed !== ''}
          testId="verify-server-seed"
        />
        <VerifierTextField
          label={t('Originals.verify.hash_shown')}
          value={form.serverSeedHash}
          onChange={(serverSeedHash) => update({ serverSeedHash })}
          hint={t('Originals.verify.hash_hint')}
        />
        <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
          <VerifierTextField
            label={t('Originals.fairness.client_seed')}
            value={form.clientSeed}
            onChange={(clientSeed) => update({ clientSeed })}
            invalid={fieldInvalid('clientSeed', failed) && form.serverSeed !== ''}
          />
          <VerifierTextField
            label={t('Originals.fairness.nonce')}
            value={form.nonce}
            onChange={(nonce) => update({ nonce })}
            invalid={fieldInvalid('nonce', failed)}
          />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {paramFields[form.engine].map((field) =>
            field.kind === 'choice' ? (
              <SelectField
                key={field.name}
                label={t(`Originals.verify.params.${field.name}`)}
                value={form.params[field.name] ?? ''}
                options={(field.choices ?? []).map((choice) => ({
                  value: choice,
                  label: t(`Originals.verify.choices.${choice}`),
                }))}
                onChange={(value) => update({ params: { ...form.params, [field.name]: value } })}
              />
            ) : (
              <VerifierTextField
                key={field.name}
                label={t(`Originals.verify.params.${field.name}`)}
                value={form.params[field.name] ?? ''}
                onChange={(value) => update({ params: { ...form.params, [field.name]: value } })}
                invalid={fieldInvalid('params', failed)}
              />
            ),
          )}
          <VerifierTextField
            label={t('Originals.verify.rtp')}
            value={form.rtp}
            onChange={(rtp) => update({ rtp })}
            invalid={fieldInvalid('rtp', failed)}
          />
        </div>
        {form.engine === 'mines' ? (
          <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
            <VerifierTextField
              label={t('Originals.verify.mines_revealed')}
              value={form.minesRevealed}
              onChange={(minesRevealed) => update({ minesRevealed })}
              invalid={fieldInvalid('minesRevealed', failed)}
              hint={t('Originals.verify.mines_hint')}
            />
            <VerifierTextField
              label={t('Originals.verify.mines_hit')}
              value={form.minesHit}
              onChange={(minesHit) => update({ minesHit })}
              invalid={fieldInvalid('minesHit', failed)}
            />
          </div>
        ) : null}
      </section>

      <section
        data-testid="verify-result"
        aria-labelledby="verify-result-title"
        aria-live="polite"
        className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-4 sm:p-5"
      >
        <h2 id="verify-result-title" className="text-sm font-bold text-ink-100">
          {t('Originals.verify.result')}
        </h2>
        {!verification.ok ? (
          <p className="text-sm text-ink-300">
            {t(`Originals.verify.invalid.${verification.field}`)}
          </p>
        ) : (
          <>
            {verification.value.hashMatches === null ? null : (
              <VerifierCheck ok={verification.value.hashMatches} testId="verify-hash-check">
                {verification.value.hashMatches
                  ? t('Originals.verify.hash_matches')
                  : t('Originals.verify.hash_differs')}
              </VerifierCheck>
            )}
            <div className="flex flex-col gap-1">
              <span className="text-[11px] font-medium tracking-wide text-ink-400 uppercase">
                {t('Originals.verify.computed_hash')}
              </span>
              <span className="font-mono text-xs break-all text-ink-300">
                {verification.value.hash}
              </span>
            </div>
            <div className="flex flex-col items-start gap-3 rounded-xl bg-ink-900/60 p-4">
              <OutcomeView engine={form.engine} outcome={verification.value.result.outcome} />
              <p className="text-sm text-ink-200">
                {t('Originals.multiplier')}:{' '}
                <span data-testid="verify-multiplier" className="font-mono font-bold text-ink-100">
                  {formatMultiplier(verification.value.result.multiplier)}
                </span>
              </p>
            </div>
            {comparable ? (
              <VerifierCheck
                ok={matchesRound(verification.value.result, loadedRound)}
                testId="verify-round-check"
              >
                {matchesRound(verification.value.result, loadedRound)
                  ? t('Originals.verify.round_matches', { nonce: loadedRound.nonce })
                  : t('Originals.verify.round_differs', { nonce: loadedRound.nonce })}
              </VerifierCheck>
            ) : null}
            <details className="text-xs text-ink-300">
              <summary className="cursor-pointer font-semibold text-ink-200">
                {t('Originals.verify.floats', { count: verification.value.floats.length })}
              </summary>
              <ol className="mt-2 grid grid-cols-2 gap-x-4 gap-y-0.5 font-mono sm:grid-cols-3">
                {verification.value.floats.map((float, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: floats are listed by position
                  <li key={index}>
                    {index}: {float.toFixed(10)}
                  </li>
                ))}
              </ol>
            </details>
          </>
        )}
        <p className="mt-auto border-t border-ink-700 pt-3 text-xs leading-relaxed text-ink-400">
          {t('Originals.verify.how_it_works')}
        </p>
      </section>
    </div>
  );
}
