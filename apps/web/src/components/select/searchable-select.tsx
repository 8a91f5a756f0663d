import { ChevronDown, Search } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { filterOptions, type SelectOption } from '@/lib/select-options';
import { inputClassName } from '../ui/field';
import { OptionList } from './option-list';

export interface SearchableSelectProps<Value extends string> {
  id?: string;
  options: readonly SelectOption<Value>[];
  value: Value | null | undefined;
  onChange: (value: Value) => void;
  placeholder?: string;
  searchPlaceholder?: string;
  disabled?: boolean;
  className?: string;
}

/** A single select with a text box that filters options by case-insensitive label match. */
export function SearchableSelect<Value extends string>({
  id,
  options,
  value,
  onChange,
  placeholder,
  searchPlaceholder,
  disabled,
  className,
}: SearchableSelectProps<Value>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const chosen = options.find((option) => option.value === value);
  const visible = filterOptions(options, query);

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setQuery('');
      }}
    >
      <Popover.Trigger
        id={id}
        disabled={disabled}
        className={cn(
          inputClassName,
          'flex cursor-pointer items-center justify-between gap-2 text-left',
          className,
        )}
      >
        <span className={cn('flex min-w-0 items-center gap-2', !chosen && 'text-ink-400')}>
          {chosen?.icon}
          <span className="truncate">
            {chosen?.label ?? placeholder ?? t('Shared.select_placeholder')}
          </span>
        </span>
        <ChevronDown className="size-4 shrink-0 text-ink-300" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={6}
          align="start"
          className="z-50 w-(--radix-popover-trigger-width) min-w-56 rounded-xl border border-ink-600 bg-ink-800 p-1 shadow-2xl shadow-black/50"
        >
          <div className="relative mb-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-400"
              aria-hidden="true"
            />
            <input
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={searchPlaceholder ?? t('Shared.search_placeholder')}
              aria-label={searchPlaceholder ?? t('Shared.search_placeholder')}
              className="h-9 w-full rounded-lg bg-ink-900 pr-3 pl-9 text-sm text-ink-100 placeholder:text-ink-400 focus:outline-none"
            />
          </div>
          <OptionList
            multiple={false}
            options={visible}
            isSelected={(candidate) => candidate === value}
            isDisabled={(option) => Boolean(option.disabled)}
            onPick={(picked) => {
              onChange(picked);
              setOpen(false);
              setQuery('');
            }}
            emptyText={t('Shared.nothing_found')}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
