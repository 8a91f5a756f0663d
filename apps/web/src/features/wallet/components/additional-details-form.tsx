import type { ExternalDetailFieldName, FiatPaymentMethod } from '@casino/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import {
  externalFieldProblem,
  externalFieldSpecs,
  normalizeExternalField,
} from '../external-fields';
import { MethodNotices } from './notices';

export interface AdditionalDetailsFormProps {
  method: FiatPaymentMethod;
  onSubmit: (externalFields: Partial<Record<ExternalDetailFieldName, string>>) => void;
  isSubmitting: boolean;
}

const inputProps: Partial<Record<ExternalDetailFieldName, Record<string, string | number>>> = {
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
  card: { inputMode: 'numeric', autoComplete: 'cc-number', maxLength: 19 },
  person_id: { inputMode: 'numeric', maxLength: 10 },
  expiration_month: { inputMode: 'numeric', maxLength: 2, placeholder: 'MM' },
  expiration_year: { inputMode: 'numeric', maxLength: 4, placeholder: 'YYYY' },
  full_name_latin: { autoComplete: 'name' },
  first_name: { autoComplete: 'given-name' },
  last_name: { autoComplete: 'family-name' },
};

/** The method's external detail fields (spec §5 table), required and optional. */
export function AdditionalDetailsForm({
  method,
  onSubmit,
  isSubmitting,
}: AdditionalDetailsFormProps) {
  const { t } = useTranslation();
  const specs = useMemo(
    () => externalFieldSpecs(method.buy?.externalDetailsFields ?? { required: [], optional: [] }),
    [method.buy],
  );
  const schema = useMemo(
    () =>
      z.record(z.string(), z.string()).superRefine((values, context) => {
        for (const spec of specs) {
          const problem = externalFieldProblem(spec, values[spec.name] ?? '', method.currency);
          if (problem) {
            context.addIssue({
              code: 'custom',
              path: [spec.name],
              message: t(problem.message, problem.params),
            });
          }
        }
      }),
    [specs, method.currency, t],
  );
  const form = useForm<Record<string, string>>({
    resolver: zodResolver(schema),
    defaultValues: Object.fromEntries(specs.map((spec) => [spec.name, ''])),
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => {
        const externalFields: Partial<Record<ExternalDetailFieldName, string>> = {};
        for (const spec of specs) {
          const value = normalizeExternalField(spec.name, values[spec.name] ?? '', method.currency);
          if (value !== '') externalFields[spec.name] = value;
        }
        onSubmit(externalFields);
      })}
    >
      <p className="text-sm text-ink-300">{t('wallet.additional_details_hint')}</p>
      <MethodNotices method={method} />
      {specs.map((spec) => {
        const id = `wallet-external-${spec.name}`;
        const error = form.formState.errors[spec.name]?.message;
        return (
          <Field
            key={spec.name}
            id={id}
            label={`${t(`wallet.fields.${spec.name}`)}${spec.required ? '' : ` (${t('wallet.optional')})`}`}
            error={error}
          >
            <TextInput
              id={id}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...inputProps[spec.name]}
              {...form.register(spec.name)}
            />
          </Field>
        );
      })}
      <Button type="submit" variant="money" size="lg" disabled={isSubmitting}>
        {isSubmitting ? <Spinner /> : null}
        {t('wallet.continue')}
      </Button>
    </form>
  );
}
