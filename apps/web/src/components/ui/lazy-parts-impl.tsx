import { Popover, Tooltip } from 'radix-ui';
import {
  type ReactElement,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react';

/*
 * The Radix parts behind `hint.tsx` and `lazy-popover.tsx`, in their own chunk (`lazy-parts.ts`
 * says when it is fetched). Nothing imports this module but `lazy-parts.ts`.
 */

/** Radix's default: a tooltip opened within this long of another closing opens at once. */
const skipDelayMs = 300;
const openDelayMs = 250;
let lastClosedAt = Number.NEGATIVE_INFINITY;

export interface HintTooltipProps {
  label: ReactNode;
  side: 'top' | 'right' | 'bottom' | 'left';
  sideOffset: number;
  className: string;
  /** the plain trigger had the focus when this replaced it: it gets it back */
  refocus: boolean;
  children: ReactElement;
}

/**
 * A tooltip on `children`. Each has its own provider (the shell's tooltips are lazy, one by
 * one), which keeps the shared provider's behaviour: 250 ms before opening, at once when another
 * tooltip closed less than 300 ms before.
 */
export function HintTooltip({
  label,
  side,
  sideOffset,
  className,
  refocus,
  children,
}: HintTooltipProps) {
  const [delay, setDelay] = useState(openDelayMs);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const refocusOnMount = useRef(refocus);
  useEffect(() => {
    if (refocusOnMount.current) triggerRef.current?.focus();
  }, []);
  return (
    <Tooltip.Provider delayDuration={delay}>
      <Tooltip.Root
        onOpenChange={(open) => {
          if (!open) lastClosedAt = performance.now();
        }}
      >
        <Tooltip.Trigger
          asChild
          ref={triggerRef}
          onPointerEnter={() =>
            setDelay(performance.now() - lastClosedAt < skipDelayMs ? 0 : openDelayMs)
          }
        >
          {children}
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content side={side} sideOffset={sideOffset} className={className}>
            {label}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

export interface AnchoredPopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the trigger, rendered by the caller: the popover is placed by it and gives it the focus back */
  anchorRef: RefObject<HTMLElement | null>;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  sideOffset?: number;
  collisionPadding?: number;
  className?: string;
  'data-testid'?: string;
  children: ReactNode;
}

/**
 * A Radix popover placed by a trigger it does not render, behaving as with its own trigger: a
 * press on the trigger while open is left to the trigger (which closes it), and closing gives the
 * trigger the focus back unless the player went elsewhere.
 */
export function AnchoredPopover({
  open,
  onOpenChange,
  anchorRef,
  children,
  ...content
}: AnchoredPopoverProps) {
  const interactedOutside = useRef(false);
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchorRef} />
      <Popover.Portal>
        <Popover.Content
          {...content}
          onOpenAutoFocus={() => {
            interactedOutside.current = false;
          }}
          onInteractOutside={(event) => {
            if (anchorRef.current?.contains(event.target as Node)) event.preventDefault();
            else interactedOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!interactedOutside.current) anchorRef.current?.focus();
            interactedOutside.current = false;
          }}
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
