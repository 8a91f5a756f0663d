import type { RegisterBody } from '@casino/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useLongPending } from '@/hooks/use-long-pending';
import { isApiError } from '@/lib/api-error';
import { serverFieldErrors } from '@/lib/form-errors';
import { useRegister } from '../api/register';
import { useAuthFormAlert } from './auth-error';
import { FormAlert } from './form-alert';
import { PasswordInput } from './password-input';
import { preloadCommonPasswords, type RegisterInput, registerResolver } from './register-resolver';

const fields = ['email', 'password'] as const;

export function RegisterForm({
  onSuccess,
  termsHref,
}: {
  onSuccess: () => void;
  termsHref: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const registerMutation = useRegister({ onSuccess });
  const longPending = useLongPending(registerMutation.isPending);
  const alert = useAuthFormAlert();
  const form = useForm<RegisterInput, unknown, RegisterBody>({
    resolver: registerResolver,
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    alert.clear();
    registerMutation.mutate(values, {
      onError: (error) => {
        if (isApiError(error) && error.detail === 'email_taken') {
          form.setError('email', { message: 'Errors.email_taken' });
          return;
        }
        for (const fieldError of serverFieldErrors(error, fields)) {
          form.setError(fieldError.field as (typeof fields)[number], {
            message: fieldError.message,
          });
        }
        alert.show(error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field id={`${id}-email`} label={t('Auth.email')} error={errors.email?.message}>
        <TextInput
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('Auth.email_placeholder')}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
          {...form.register('email')}
        />
      </Field>
      <Field
        id={`${id}-password`}
        label={t('Auth.password')}
        error={errors.password?.message}
        hint={t('Auth.password_hint')}
      >
        <PasswordInput
          id={`${id}-password`}
          autoComplete="new-password"
          placeholder={t('Auth.password_placeholder')}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${id}-password-error` : `${id}-password-hint`}
          onFocus={preloadCommonPasswords}
          {...form.register('password')}
        />
      </Field>
      {alert.view ? (
        <FormAlert message={alert.view.message} reference={alert.view.reference} />
      ) : null}
      <Button
        type="submit"
        size="lg"
        disabled={registerMutation.isPending || alert.waiting}
        className="mt-1 w-full"
      >
        {registerMutation.isPending ? <Spinner /> : null}
        {t('Auth.submit_register')}
      </Button>
      {longPending ? (
        <p className="text-center text-xs text-ink-300">{t('Shared.still_working')}</p>
      ) : null}
      <p className="text-center text-xs leading-relaxed text-ink-400">
        <Trans
          i18nKey="Auth.terms_notice"
          components={{
            terms: (
              // biome-ignore lint/a11y/useAnchorContent: Trans fills the link text from the translation
              <a
                href={termsHref}
                target="_blank"
                rel="noopener"
                className="text-brand-300 underline underline-offset-2 hover:text-brand-400"
              />
            ),
          }}
        />
      </p>
    </form>
  );
}
