import { Slot } from 'radix-ui';
import {
  type ComponentProps,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  useRef,
  useState,
} from 'react';
import { preloadParts, useLazyParts } from './lazy-parts';
import type { AnchoredPopoverProps } from './lazy-parts-impl';

export interface LazyPopoverProps
  extends Omit<AnchoredPopoverProps, 'anchorRef' | 'children'>,
    Omit<ComponentProps<'button'>, 'children' | 'ref' | 'content'> {
  /** the button that opens and closes it */
  trigger: ReactElement;
  /** what the popover shows */
  content: ReactNode;
  ref?: Ref<HTMLElement>;
}

/**
 * A popover whose Radix part is fetched on demand (`lazy-parts.ts`): the trigger is rendered
 * here, marked like a popover trigger, and the popover once asked for. Other props (a tooltip's
 * handlers when it sits inside one) go to the trigger.
 */
export function LazyPopover({
  open,
  onOpenChange,
  trigger,
  content,
  side,
  align,
  sideOffset,
  collisionPadding,
  className,
  'data-testid': testId,
  ref,
  onClick,
  ...triggerProps
}: LazyPopoverProps) {
  const parts = useLazyParts();
  const anchorRef = useRef<HTMLElement | null>(null);
  const [asked, setAsked] = useState(open);
  if (open && !asked) setAsked(true);
  return (
    <>
      <Slot.Root
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={preloadParts}
        {...triggerProps}
        ref={(node: HTMLElement | null) => {
          anchorRef.current = node;
          if (typeof ref === 'function') ref(node);
          else if (ref) ref.current = node;
        }}
        onClick={(event: MouseEvent<HTMLButtonElement>) => {
          onClick?.(event);
          preloadParts();
          onOpenChange(!open);
        }}
      >
        {trigger}
      </Slot.Root>
      {parts && asked ? (
        <parts.AnchoredPopover
          open={open}
          onOpenChange={onOpenChange}
          anchorRef={anchorRef}
          side={side}
          align={align}
          sideOffset={sideOffset}
          collisionPadding={collisionPadding}
          className={className}
          data-testid={testId}
        >
          {content}
        </parts.AnchoredPopover>
      ) : null}
    </>
  );
}
