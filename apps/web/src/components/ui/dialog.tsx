import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

export interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  /** Hide the visual title (still announced to screen readers). */
  hideHeader?: boolean;
  /** Blocking dialogs cannot be dismissed with Escape, an outside click or a close button. */
  blocking?: boolean;
  className?: string;
  children: ReactNode;
  /** Where focus goes when the dialog opens; the first focusable element by default. */
  onOpenAutoFocus?: (event: Event) => void;
  /** Where focus goes when the dialog closes; the dialog's trigger by default. */
  onCloseAutoFocus?: (event: Event) => void;
  'data-testid'?: string;
}

export function DialogContent({
  title,
  description,
  hideHeader = false,
  blocking = false,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...rest
}: DialogContentProps) {
  const { t } = useTranslation();
  const preventWhenBlocking = (event: Event) => {
    if (blocking) event.preventDefault();
  };
  return (
    <DialogPrimitive.Portal>
      {/* No backdrop blur on full-screen overlays (here and in the drawers): blurring the whole
          page behind a fading overlay cost seconds of rendering on a slow device before the
          dialog appeared, for a page already dimmed to 85 %. */}
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink-950/85" />
      <DialogPrimitive.Content
        data-testid={rest['data-testid']}
        onOpenAutoFocus={onOpenAutoFocus}
        onCloseAutoFocus={onCloseAutoFocus}
        onEscapeKeyDown={preventWhenBlocking}
        onPointerDownOutside={preventWhenBlocking}
        onInteractOutside={preventWhenBlocking}
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(
          'fixed top-[calc(50%+(var(--safe-top)-var(--safe-bottom))/2)] left-1/2 z-50 max-h-[calc(100dvh-2rem-var(--safe-top)-var(--safe-bottom))] w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 animate-zoom-in overflow-y-auto rounded-2xl border border-ink-700 bg-ink-850 p-5 shadow-2xl shadow-black/50 scrollbar-thin sm:p-6',
          className,
        )}
      >
        <div className={cn('mb-4 pr-8', hideHeader && 'sr-only')}>
          <DialogPrimitive.Title className="text-lg font-bold text-ink-100">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="mt-1 text-sm text-ink-300">
              {description}
            </DialogPrimitive.Description>
          ) : null}
        </div>
        {children}
        {blocking ? null : (
          <DialogPrimitive.Close
            className="absolute top-4 right-4 grid size-8 cursor-pointer place-items-center rounded-lg text-ink-300 transition-colors hover:bg-ink-700 hover:text-ink-100"
            aria-label={t('Shared.close')}
          >
            <X className="size-4" aria-hidden="true" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
