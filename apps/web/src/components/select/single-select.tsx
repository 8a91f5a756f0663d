import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { SelectOption } from '@/lib/select-options';
import { inputClassName } from '../ui/field';

export interface SingleSelectProps<Value extends string> {
  id?: string;
  options: readonly SelectOption<Value>[];
  value: Value | null | undefined;
  onChange: (value: Value) => void;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  className?: string;
  'aria-describedby'?: string;
}

export function SingleSelect<Value extends string>({
  id,
  options,
  value,
  onChange,
  placeholder,
  disabled,
  invalid,
  className,
  ...rest
}: SingleSelectProps<Value>) {
  const { t } = useTranslation();
  return (
    <SelectPrimitive.Root
      value={value ?? ''}
      onValueChange={(next) => {
        const option = options.find((candidate) => candidate.value === next);
        if (option) onChange(option.value);
      }}
      disabled={disabled}
    >
      <SelectPrimitive.Trigger
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={rest['aria-describedby']}
        className={cn(
          inputClassName,
          'flex cursor-pointer items-center justify-between gap-2 text-left data-placeholder:text-ink-400',
          className,
        )}
      >
        <SelectPrimitive.Value placeholder={placeholder ?? t('Shared.select_placeholder')} />
        <SelectPrimitive.Icon>
          <ChevronDown className="size-4 text-ink-300" aria-hidden="true" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={6}
          className="z-50 max-h-(--radix-select-content-available-height) min-w-(--radix-select-trigger-width) overflow-hidden rounded-xl border border-ink-600 bg-ink-800 p-1 shadow-2xl shadow-black/50"
        >
          <SelectPrimitive.Viewport>
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className="relative flex cursor-pointer items-center gap-2 rounded-lg py-2 pr-8 pl-2.5 text-sm text-ink-100 outline-none select-none data-disabled:cursor-not-allowed data-disabled:opacity-40 data-highlighted:bg-ink-700"
              >
                {option.icon ? <span className="shrink-0">{option.icon}</span> : null}
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                <SelectPrimitive.ItemIndicator className="absolute right-2.5">
                  <Check className="size-4 text-brand-300" aria-hidden="true" />
                </SelectPrimitive.ItemIndicator>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
