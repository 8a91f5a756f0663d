import { Slot } from 'radix-ui';
import { type ReactNode, useRef, useState } from 'react';
import { lazy } from '@/lib/lazy';
import { LazyLayer } from '../lazy-layer';

// the dialog and what it shows are fetched when the trigger is first used
const SupportDialog = lazy(async () => ({
  default: (await import('./support-dialog')).SupportDialog,
}));

/**
 * Live chat, the messenger support bot and the support e-mail of this host, behind `trigger`
 * (a button): it says it opens a dialog, like a dialog's own trigger, and gets the focus back
 * when the dialog closes.
 */
export function SupportModal({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLElement>(null);
  return (
    <>
      <Slot.Root
        ref={triggerRef}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onClick={() => setOpen(true)}
      >
        {trigger}
      </Slot.Root>
      <LazyLayer open={open}>
        <SupportDialog
          open={open}
          onOpenChange={setOpen}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
        />
      </LazyLayer>
    </>
  );
}
