import { useEffect, useState } from 'react';

/** How often a waiting notice looks whether the screen is free of other dialogs. */
const checkIntervalMs = 400;

/** Whether a modal dialog or popover of any feature is on screen (Radix renders them so). */
export function isDialogOnScreen(root: ParentNode = document): boolean {
  return root.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * True once no dialog is on screen, checked while `enabled`. Notices that open by themselves
 * (a new bonus, the daily drawer) wait for it, so they never cover a wallet, the sign-in step
 * or a success modal the player is looking at.
 */
export function useNoDialogOpen(enabled: boolean): boolean {
  const [free, setFree] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setFree(false);
      return;
    }
    const check = () => setFree(!isDialogOnScreen());
    check();
    const timer = window.setInterval(check, checkIntervalMs);
    return () => window.clearInterval(timer);
  }, [enabled]);
  return enabled && free;
}
