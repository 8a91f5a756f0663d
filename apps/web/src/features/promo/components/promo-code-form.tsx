import { type PromoInfo, promoCodePattern } from '@casino/contract';
import { TicketPercent } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { isApiError, isApiErrorWithDetail } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { describeError } from '@/lib/error-message';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useActivatePromoCode } from '../api/activate-promo-code';
import { promoCookieChanged } from '../promo-cookie';

export interface PromoCodeFormProps {
  /** the code was accepted: the shell refreshes the balance and the bonuses */
  onActivated?: (info: PromoInfo) => void;
  className?: string;
}

interface ErrorText {
  key: string;
  params: Record<string, string | number>;
}

/**
 * The player's promo-code entry: a code is checked against the code pattern, then activated
 * (one Idempotency-Key per attempt); its modal follows from the cookie the answer sets, and a
 * refusal ('already used', 'expired', …) shows under the field.
 */
export function PromoCodeForm({ onActivated, className }: PromoCodeFormProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<ErrorText | null>(null);
  const activate = useActivatePromoCode();
  const idempotency = useIdempotencyKey();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!promoCodePattern.test(trimmed)) {
      setError({ key: trimmed ? 'Validation.invalid_value' : 'Validation.required', params: {} });
      return;
    }
    setError(null);
    activate.mutate(
      { code: trimmed, idempotencyKey: idempotency.keyFor({ code: trimmed }) },
      {
        onSuccess: (info) => {
          idempotency.finish();
          setCode('');
          promoCookieChanged();
          onActivated?.(info);
        },
        onError: (failure) => {
          if (isApiError(failure)) idempotency.finish();
          if (isApiErrorWithDetail(failure, 'validation_error')) {
            setError({ key: 'Validation.invalid_value', params: {} });
            return;
          }
          const description = describeError(failure, (key) => i18n.exists(key));
          setError({ key: description.messageKey, params: description.params });
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      data-testid="promo-code-form"
      className={cn('flex flex-col gap-1.5', className)}
    >
      <label htmlFor={id} className="text-xs font-medium text-ink-200">
        {t('Promo.code_label')}
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <TicketPercent
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-400"
            aria-hidden="true"
          />
          <TextInput
            id={id}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
            placeholder={t('Promo.code_placeholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="pl-9 font-mono uppercase placeholder:normal-case"
          />
        </div>
        <Button type="submit" disabled={activate.isPending} className="h-11">
          {activate.isPending ? <Spinner /> : null}
          {t('Promo.activate')}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger-400">
          {t(error.key, error.params)}
        </p>
      ) : null}
    </form>
  );
}

/** The form in a card with its heading, for the bonuses page and the profile. */
export function PromoCodeCard({ onActivated, className }: PromoCodeFormProps) {
  const { t } = useTranslation();
  return (
    <section
      className={cn('rounded-2xl border border-ink-700 bg-ink-850 p-4 sm:p-5', className)}
      data-testid="promo-code-card"
    >
      <h2 className="text-base font-bold text-ink-100">{t('Promo.form_title')}</h2>
      <p className="mt-1 mb-3 text-sm text-ink-300">{t('Promo.form_hint')}</p>
      <PromoCodeForm onActivated={onActivated} />
    </section>
  );
}
