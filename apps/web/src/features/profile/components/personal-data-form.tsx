import { type Gender, isProfileCompleteForWithdrawal, type Profile } from '@casino/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Info, Lock } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SingleSelect } from '@/components/select/single-select';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useLongPending } from '@/hooks/use-long-pending';
import { isApiError } from '@/lib/api-error';
import { serverFieldErrors } from '@/lib/form-errors';
import { classifyGlobalError } from '@/lib/global-errors';
import { notify, notifyApiError } from '@/lib/notify';
import { useUpdateMe } from '../api/update-me';
import {
  type PersonalDataInput,
  type PersonalDataValues,
  personalDataDefaults,
  personalDataSchema,
  personalDataUpdate,
  todayIsoDate,
} from '../personal-data';

const fields = ['firstName', 'lastName', 'gender', 'dateOfBirth'] as const;
type FieldName = (typeof fields)[number];

export function PersonalDataForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const id = useId();
  const nameEditable = profile.isNameChangeAvailable;
  const schema = useMemo(() => personalDataSchema(nameEditable), [nameEditable]);
  const updateMutation = useUpdateMe({ handlesErrors: true });
  const longPending = useLongPending(updateMutation.isPending);
  const form = useForm<PersonalDataInput, unknown, PersonalDataValues>({
    resolver: zodResolver(schema),
    values: personalDataDefaults(profile) as PersonalDataInput,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const complete = isProfileCompleteForWithdrawal(profile);

  const genderOptions = useMemo(
    () => [
      { value: 'male' as Gender, label: t('Profile.gender_male') },
      { value: 'female' as Gender, label: t('Profile.gender_female') },
    ],
    [t],
  );

  const submit = form.handleSubmit((values) => {
    updateMutation.mutate(personalDataUpdate(values, nameEditable), {
      onSuccess: () => notify.success(t('Profile.saved')),
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error, fields);
        for (const fieldError of fieldErrors) {
          form.setError(fieldError.field as FieldName, { message: fieldError.message });
        }
        if (fieldErrors.length > 0 || classifyGlobalError(error)) return;
        notifyApiError(error);
        if (isApiError(error) && error.detail === 'name_change_unavailable') {
          form.resetField('firstName');
          form.resetField('lastName');
        }
      },
    });
  });

  const describedBy = (field: FieldName) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div
        className={
          complete
            ? 'flex items-start gap-2.5 rounded-xl bg-money-500/10 px-3 py-2.5 text-sm text-money-400'
            : 'flex items-start gap-2.5 rounded-xl bg-gold-400/10 px-3 py-2.5 text-sm text-gold-300'
        }
      >
        {complete ? (
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        ) : (
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        )}
        <span>
          {complete ? t('Profile.ready_for_withdrawals') : t('Profile.complete_for_withdrawals')}
        </span>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${id}-firstName`}
          label={t('Profile.first_name')}
          error={errors.firstName?.message}
        >
          <TextInput
            id={`${id}-firstName`}
            autoComplete="given-name"
            disabled={!nameEditable}
            aria-invalid={errors.firstName ? true : undefined}
            aria-describedby={describedBy('firstName')}
            {...form.register('firstName')}
          />
        </Field>
        <Field
          id={`${id}-lastName`}
          label={t('Profile.last_name')}
          error={errors.lastName?.message}
        >
          <TextInput
            id={`${id}-lastName`}
            autoComplete="family-name"
            disabled={!nameEditable}
            aria-invalid={errors.lastName ? true : undefined}
            aria-describedby={describedBy('lastName')}
            {...form.register('lastName')}
          />
        </Field>
      </div>
      <p className="-mt-2 flex items-start gap-2 text-xs text-ink-400">
        {nameEditable ? (
          <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        ) : (
          <Lock className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        )}
        {nameEditable ? t('Profile.name_once') : t('Profile.name_locked')}
      </p>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-gender`} label={t('Profile.gender')} error={errors.gender?.message}>
          <Controller
            control={form.control}
            name="gender"
            render={({ field }) => (
              <SingleSelect
                id={`${id}-gender`}
                options={genderOptions}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  field.onBlur();
                }}
                placeholder={t('Profile.gender_placeholder')}
                invalid={Boolean(errors.gender)}
                aria-describedby={describedBy('gender')}
              />
            )}
          />
        </Field>
        <Field
          id={`${id}-dateOfBirth`}
          label={t('Profile.date_of_birth')}
          error={errors.dateOfBirth?.message}
        >
          <TextInput
            id={`${id}-dateOfBirth`}
            type="date"
            autoComplete="bday"
            min="1900-01-01"
            max={todayIsoDate()}
            aria-invalid={errors.dateOfBirth ? true : undefined}
            aria-describedby={describedBy('dateOfBirth')}
            {...form.register('dateOfBirth')}
          />
        </Field>
      </div>

      <div className="flex flex-wrap items-center gap-3 pt-1">
        <Button type="submit" disabled={updateMutation.isPending} className="min-w-32">
          {updateMutation.isPending ? <Spinner /> : null}
          {t('Profile.save')}
        </Button>
        {longPending ? (
          <span className="text-xs text-ink-300">{t('Shared.still_working')}</span>
        ) : null}
      </div>
    </form>
  );
}
