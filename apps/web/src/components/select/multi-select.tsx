import { ChevronDown } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { isOptionLocked, type SelectOption, toggleSelection } from '@/lib/select-options';
import { inputClassName } from '../ui/field';
import { OptionList } from './option-list';

export interface MultiSelectProps<Value extends string> {
  id?: string;
  options: readonly SelectOption<Value>[];
  value: readonly Value[];
  onChange: (value: Value[]) => void;
  /** After this many choices the other options are disabled. */
  maximum?: number;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

export function MultiSelect<Value extends string>({
  id,
  options,
  value,
  onChange,
  maximum,
  placeholder,
  disabled,
  className,
}: MultiSelectProps<Value>) {
  const { t } = useTranslation();
  const chosenLabels = options
    .filter((option) => value.includes(option.value))
    .map((option) => option.label);
  return (
    <Popover.Root>
      <Popover.Trigger
        id={id}
        disabled={disabled}
        className={cn(
          inputClassName,
          'flex cursor-pointer items-center justify-between gap-2 text-left',
          className,
        )}
      >
        <span className={cn('truncate', chosenLabels.length === 0 && 'text-ink-400')}>
          {chosenLabels.length === 0
            ? (placeholder ?? t('Shared.select_placeholder'))
            : chosenLabels.join(', ')}
        </span>
        <ChevronDown className="size-4 shrink-0 text-ink-300" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={6}
          align="start"
          className="z-50 w-(--radix-popover-trigger-width) min-w-56 rounded-xl border border-ink-600 bg-ink-800 p-1 shadow-2xl shadow-black/50"
        >
          <OptionList
            multiple
            options={options}
            isSelected={(candidate) => value.includes(candidate)}
            isDisabled={(option) =>
              Boolean(option.disabled) || isOptionLocked(option.value, value, maximum)
            }
            onPick={(picked) => onChange(toggleSelection(value, picked, maximum))}
            emptyText={t('Shared.nothing_found')}
          />
          <p className="border-t border-ink-700 px-2.5 pt-2 pb-1 text-xs text-ink-400">
            {maximum !== undefined && value.length >= maximum
              ? t('Shared.maximum_reached', { maximum })
              : t('Shared.selected_count', { count: value.length })}
          </p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
