import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  primary:
    'bg-linear-to-b from-brand-500 to-brand-600 text-white shadow-lg shadow-brand-900/30 hover:from-brand-400 hover:to-brand-500',
  money:
    'bg-linear-to-b from-money-400 to-money-600 text-ink-950 shadow-lg shadow-money-900/30 hover:from-money-400 hover:to-money-500',
  secondary: 'bg-ink-700 text-ink-100 hover:bg-ink-600',
  outline:
    'border border-ink-600 bg-transparent text-ink-100 hover:border-ink-500 hover:bg-ink-800',
  ghost: 'bg-transparent text-ink-200 hover:bg-ink-750 hover:text-ink-100',
  danger: 'bg-danger-500/15 text-danger-400 hover:bg-danger-500/25',
} as const;

const sizes = {
  sm: 'h-8 gap-1.5 rounded-lg px-3 text-xs',
  md: 'h-10 gap-2 rounded-xl px-4 text-sm',
  lg: 'h-12 gap-2 rounded-xl px-6 text-base',
  icon: 'size-10 rounded-xl',
  'icon-sm': 'size-8 rounded-lg',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Renders the child element (a link) with the button's looks. */
  asChild?: boolean;
}

export function buttonClassName(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
): string {
  return cn(
    'inline-flex shrink-0 cursor-pointer select-none items-center justify-center whitespace-nowrap font-semibold transition-colors duration-150 disabled:pointer-events-none disabled:opacity-50',
    variants[variant],
    sizes[size],
  );
}

export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  if (asChild)
    return <Slot.Root className={cn(buttonClassName(variant, size), className)} {...props} />;
  return (
    <button type={type} className={cn(buttonClassName(variant, size), className)} {...props} />
  );
}
