import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { SelectOption } from '@/lib/select-options';

/** The list inside the multi and searchable selects: icon, label, a check for chosen options. */
export function OptionList<Value extends string>({
  options,
  isSelected,
  isDisabled,
  onPick,
  emptyText,
  multiple,
}: {
  options: readonly SelectOption<Value>[];
  isSelected: (value: Value) => boolean;
  isDisabled: (option: SelectOption<Value>) => boolean;
  onPick: (value: Value) => void;
  emptyText: string;
  multiple: boolean;
}) {
  if (options.length === 0) {
    return <p className="px-3 py-6 text-center text-sm text-ink-400">{emptyText}</p>;
  }
  return (
    <div
      role="listbox"
      aria-multiselectable={multiple}
      className="max-h-64 overflow-y-auto scrollbar-thin"
    >
      {options.map((option) => {
        const selected = isSelected(option.value);
        const disabled = isDisabled(option);
        return (
          <button
            key={option.value}
            type="button"
            role="option"
            aria-selected={selected}
            disabled={disabled}
            onClick={() => onPick(option.value)}
            className={cn(
              'flex w-full cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-left text-sm text-ink-100 transition-colors hover:bg-ink-700 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent',
              selected && 'bg-ink-750',
            )}
          >
            {multiple ? (
              <span
                className={cn(
                  'grid size-4 shrink-0 place-items-center rounded border',
                  selected ? 'border-brand-500 bg-brand-500 text-white' : 'border-ink-500',
                )}
              >
                {selected ? <Check className="size-3" aria-hidden="true" /> : null}
              </span>
            ) : null}
            {option.icon ? <span className="shrink-0">{option.icon}</span> : null}
            <span className="min-w-0 flex-1 truncate">{option.label}</span>
            {!multiple && selected ? (
              <Check className="size-4 text-brand-300" aria-hidden="true" />
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
