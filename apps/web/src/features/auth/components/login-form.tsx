import { type LoginBody, loginBodySchema } from '@casino/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useLongPending } from '@/hooks/use-long-pending';
import { serverFieldErrors } from '@/lib/form-errors';
import { useLogin, useReopenAccount } from '../api/login';
import { useAuthFormAlert } from './auth-error';
import { FormAlert } from './form-alert';
import { PasswordInput } from './password-input';

type LoginInput = z.input<typeof loginBodySchema>;
const fields = ['email', 'password'] as const;

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [reopensAt, setReopensAt] = useState<string | null>(null);
  const loginMutation = useLogin({ onSuccess });
  const longPending = useLongPending(loginMutation.isPending);
  const alert = useAuthFormAlert();
  const reopen = useReopenAccount();
  const form = useForm<LoginInput, unknown, LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const askToReopen = form.handleSubmit((values) => {
    alert.clear();
    reopen.mutate(values, {
      onSuccess: (answer) => setReopensAt(answer.reopensAt),
      onError: (error) => alert.show(error),
    });
  });

  const submit = form.handleSubmit((values) => {
    alert.clear();
    setReopensAt(null);
    loginMutation.mutate(values, {
      onError: (error) => {
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
      <Field id={`${id}-password`} label={t('Auth.password')} error={errors.password?.message}>
        <PasswordInput
          id={`${id}-password`}
          autoComplete="current-password"
          placeholder={t('Auth.password_placeholder')}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${id}-password-error` : undefined}
          {...form.register('password')}
        />
      </Field>
      {alert.view ? (
        <FormAlert message={alert.view.message} reference={alert.view.reference} />
      ) : null}
      {reopensAt ? (
        <p role="status" className="text-sm text-ink-200">
          {t('responsibleGambling.exclusion.reopens_at', {
            when: new Intl.DateTimeFormat(i18n.language, {
              day: 'numeric',
              month: 'long',
              year: 'numeric',
              hour: '2-digit',
              minute: '2-digit',
            }).format(new Date(reopensAt)),
          })}
        </p>
      ) : null}
      {alert.view?.reopenable ? (
        <Button
          type="button"
          variant="outline"
          disabled={reopen.isPending}
          onClick={() => void askToReopen()}
        >
          {reopen.isPending ? <Spinner /> : null}
          {t('responsibleGambling.exclusion.reopen')}
        </Button>
      ) : null}
      <Button
        type="submit"
        size="lg"
        disabled={loginMutation.isPending || alert.waiting}
        className="mt-1 w-full"
      >
        {loginMutation.isPending ? <Spinner /> : null}
        {t('Auth.submit_login')}
      </Button>
      {longPending ? (
        <p className="text-center text-xs text-ink-300">{t('Shared.still_working')}</p>
      ) : null}
    </form>
  );
}
