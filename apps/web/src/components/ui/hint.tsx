import { Slot } from 'radix-ui';
import { type ReactElement, type ReactNode, useRef } from 'react';
import { preloadParts, useLazyParts } from './lazy-parts';

export interface HintProps {
  label: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  sideOffset?: number;
  className?: string;
  /** one element (a button, a link) that takes a ref and event handlers */
  children: ReactElement;
}

/**
 * A tooltip on `children` whose Radix part is fetched on demand (`lazy-parts.ts`): until it is
 * here the element renders plainly and a pointer over it or a focus fetches it.
 */
export function Hint({ label, side = 'right', sideOffset = 10, className, children }: HintProps) {
  const parts = useLazyParts();
  const focused = useRef(false);
  if (parts) {
    return (
      <parts.HintTooltip
        label={label}
        side={side}
        sideOffset={sideOffset}
        className={className ?? ''}
        refocus={focused.current}
      >
        {children}
      </parts.HintTooltip>
    );
  }
  return (
    <Slot.Root
      onPointerEnter={preloadParts}
      onFocus={() => {
        focused.current = true;
        preloadParts();
      }}
      onBlur={() => {
        focused.current = false;
      }}
    >
      {children}
    </Slot.Root>
  );
}
