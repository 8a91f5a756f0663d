import {
  type DisputeAcceptOption,
  disputeAcceptOptions,
  disputeBodySchema,
} from '@casino/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, inputClassName, TextInput } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useOpenDispute } from '../api/open-dispute';
import { readFileAsDataUrl, receiptFileProblem } from '../receipt-file';

interface DisputeFormValues {
  name: string;
  acceptOption: DisputeAcceptOption | '';
  amount: string;
  comment: string;
  file: File | undefined;
}

/** Spec §5 "Dispute form": name, accept option, an image and an optional comment. */
export function OpenDisputeForm({ orderId, onOpened }: { orderId: string; onOpened: () => void }) {
  const { t } = useTranslation();
  const dispute = useOpenDispute();
  const idempotency = useIdempotencyKey();
  const payloadShape = disputeBodySchema.shape.payload.shape;
  const schema = useMemo(
    () =>
      z
        .object({
          name: payloadShape.image.shape.name,
          acceptOption: payloadShape.acceptOption,
          amount: z.string(),
          comment: payloadShape.comment.unwrap(),
          file: z
            .custom<File>((value) => value instanceof File, { error: 'Validation.required' })
            .superRefine((file, context) => {
              const problem = receiptFileProblem(file);
              if (problem) context.addIssue({ code: 'custom', message: problem });
            }),
        })
        .superRefine((values, context) => {
          if (values.acceptOption !== 'CHANGE_INVOICE' || values.amount === '') return;
          if (!payloadShape.amount.unwrap().safeParse(values.amount).success) {
            context.addIssue({
              code: 'custom',
              path: ['amount'],
              message: 'Validation.invalid_amount',
            });
          }
        }),
    [payloadShape],
  );
  const form = useForm<DisputeFormValues>({
    resolver: zodResolver(schema) as never,
    defaultValues: { name: '', acceptOption: '', amount: '', comment: '', file: undefined },
  });
  const acceptOption = form.watch('acceptOption');
  const file = form.watch('file');
  const errors = form.formState.errors;

  return (
    <form
      noValidate
      data-testid="wallet-view-open-dispute"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(async (values) => {
        if (!values.file || values.acceptOption === '') return;
        const fileContent = await readFileAsDataUrl(values.file);
        const body = {
          payload: {
            image: { name: values.name.trim(), fileName: values.file.name, fileContent },
            acceptOption: values.acceptOption,
            ...(values.acceptOption === 'CHANGE_INVOICE' && values.amount
              ? { amount: values.amount }
              : {}),
            ...(values.comment.trim() ? { comment: values.comment.trim() } : {}),
          },
        };
        dispute.mutate(
          { orderId, body, idempotencyKey: idempotency.keyFor(body) },
          {
            onSuccess: () => {
              idempotency.finish();
              onOpened();
            },
            onError: (error) => {
              if (isApiError(error)) idempotency.finish();
            },
          },
        );
      })}
    >
      <Field id="wallet-dispute-name" label={t('wallet.dispute.name')} error={errors.name?.message}>
        <TextInput id="wallet-dispute-name" autoComplete="name" {...form.register('name')} />
      </Field>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-xs font-medium text-ink-200">
          {t('wallet.dispute.accept_option')}
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {disputeAcceptOptions.map((option) => (
            <label
              key={option}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-xl border border-ink-700 bg-ink-800 p-3 text-sm text-ink-200',
                acceptOption === option && 'border-brand-500 bg-brand-500/10 text-ink-100',
              )}
            >
              <input
                type="radio"
                value={option}
                className="accent-brand-500"
                {...form.register('acceptOption')}
              />
              {t(`wallet.dispute.option_${option}`)}
            </label>
          ))}
        </div>
        {errors.acceptOption?.message ? (
          <p role="alert" className="text-xs text-danger-400">
            {t(errors.acceptOption.message)}
          </p>
        ) : null}
      </fieldset>
      {acceptOption === 'CHANGE_INVOICE' ? (
        <Field
          id="wallet-dispute-amount"
          label={t('wallet.dispute.amount')}
          error={errors.amount?.message}
        >
          <TextInput id="wallet-dispute-amount" inputMode="decimal" {...form.register('amount')} />
        </Field>
      ) : null}
      <Field
        id="wallet-dispute-file"
        label={t('wallet.details.receipt')}
        error={errors.file?.message}
        hint={
          file
            ? t('wallet.details.receipt_chosen', { name: file.name })
            : t('wallet.details.receipt_hint')
        }
      >
        <input
          id="wallet-dispute-file"
          type="file"
          accept="image/*"
          onChange={(event) =>
            form.setValue('file', event.target.files?.[0], { shouldValidate: true })
          }
          className="block w-full cursor-pointer rounded-xl border border-dashed border-ink-600 bg-ink-800 p-3 text-sm text-ink-200 file:mr-3 file:rounded-lg file:border-0 file:bg-ink-700 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-ink-100"
        />
      </Field>
      <Field
        id="wallet-dispute-comment"
        label={`${t('wallet.dispute.comment')} (${t('wallet.optional')})`}
        error={errors.comment?.message}
      >
        <textarea
          id="wallet-dispute-comment"
          rows={3}
          className={cn(inputClassName, 'h-auto py-2.5')}
          {...form.register('comment')}
        />
      </Field>
      <Button type="submit" variant="money" size="lg" disabled={dispute.isPending}>
        {dispute.isPending ? <Spinner /> : null}
        {t('wallet.dispute.submit')}
      </Button>
    </form>
  );
}
