import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api.ts';
import { FormError } from './form-support.tsx';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';

/**
 * A dialog holding one form: the fields (`children`), the form's error, Cancel and the submit
 * button. Closing (Cancel, Escape, the cross) calls `onClose`. In a grid form `span` (e.g.
 * `sm:col-span-2`) makes the error and the buttons take the whole row.
 */
export function FormDialog({
  open = true,
  onClose,
  title,
  description,
  className,
  formClassName = 'flex flex-col gap-4',
  span,
  onSubmit,
  noValidate = true,
  testId,
  error,
  submitLabel,
  submitting,
  submitDisabled,
  children,
}: {
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** the dialog's width, e.g. `max-w-2xl` */
  className?: string;
  formClassName?: string;
  span?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  noValidate?: boolean;
  testId?: string;
  /** the form's own error (not one a field shows) */
  error: string | undefined;
  submitLabel: ReactNode;
  submitting: boolean;
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={title}
      description={description}
      {...(className ? { className } : {})}
    >
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate={noValidate}
        className={formClassName}
        data-testid={testId}
      >
        {children}
        {span ? (
          <div className={span}>
            <FormError message={error} />
          </div>
        ) : (
          <FormError message={error} />
        )}
        <FormButtons
          className={span}
          onCancel={onClose}
          submitLabel={submitLabel}
          submitting={submitting}
          {...(submitDisabled === undefined ? {} : { submitDisabled })}
        />
      </form>
    </Dialog>
  );
}

/** A form's Cancel and submit buttons, at the right. */
export function FormButtons({
  className,
  onCancel,
  submitLabel,
  submitting,
  submitDisabled,
}: {
  className?: string | undefined;
  onCancel: () => void;
  submitLabel: ReactNode;
  submitting: boolean;
  submitDisabled?: boolean;
}) {
  return (
    <div className={className ? `flex justify-end gap-2 ${className}` : 'flex justify-end gap-2'}>
      <Button onClick={onCancel}>Cancel</Button>
      <Button type="submit" variant="primary" loading={submitting} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </div>
  );
}

/**
 * The state of a dialog's save made without react-hook-form: `submit(event)` runs `action`,
 * `busy` while it runs; a failure stays in `error` (the failure itself: `apiFieldError` reads
 * its field errors) and `message` (what no field shows: the form shows it); the next submit
 * clears them.
 */
export function useMutationDialog(action: () => Promise<unknown>) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return {
    submit,
    busy,
    error,
    message:
      error && !(error instanceof ApiError && error.errors) ? errorMessage(error) : undefined,
  };
}
