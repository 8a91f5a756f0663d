import { describeError } from './error-message';
import { i18next } from './i18n';
import { toast } from './toast';

export const toastDurationMs = 10_000;
export const copyToastDurationMs = 2_000;
export const visibleToastLimit = 5;

function ErrorReference({ reference }: { reference: { key: string; time: string } }) {
  return (
    <span className="mt-1 block font-mono text-[11px] leading-4 text-ink-400">
      {i18next.t('Shared.error_reference', { key: reference.key, time: reference.time })}
    </span>
  );
}

/** Shows any error as an error toast: translated message, plus the server's request id and time. */
export function notifyApiError(error: unknown): void {
  const description = describeError(error, (key) => i18next.exists(key));
  toast.error(i18next.t(description.messageKey, description.params), {
    description: description.reference ? (
      <ErrorReference reference={description.reference} />
    ) : undefined,
  });
}

export const notify = {
  success: (message: string, options?: { description?: string; durationMs?: number }) =>
    toast.success(message, { description: options?.description, duration: options?.durationMs }),
  info: (message: string, options?: { description?: string; durationMs?: number }) =>
    toast.info(message, { description: options?.description, duration: options?.durationMs }),
  warning: (message: string, options?: { description?: string; durationMs?: number }) =>
    toast.warning(message, { description: options?.description, duration: options?.durationMs }),
  error: (message: string, options?: { description?: string; durationMs?: number }) =>
    toast.error(message, { description: options?.description, duration: options?.durationMs }),
};
