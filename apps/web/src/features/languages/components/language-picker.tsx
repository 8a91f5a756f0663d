import type { Language, Locale } from '@casino/contract';
import { Check, ChevronDown, Languages } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Hint } from '@/components/ui/hint';
import { LazyPopover } from '@/components/ui/lazy-popover';
import { cn } from '@/lib/cn';
import { useLanguages } from '../api/get-languages';
import { fallbackLanguages } from '../fallback-languages';

function Flag({ language, className }: { language: Language; className?: string }) {
  return (
    <img
      src={language.icon}
      alt=""
      width={24}
      height={16}
      className={cn('h-4 w-6 shrink-0 rounded-[3px] object-cover ring-1 ring-white/10', className)}
    />
  );
}

export interface LanguagePickerProps {
  value: Locale;
  onChange: (locale: Locale) => void;
  /** `compact`: flag only (collapsed sidebar); `full`: flag, code and title. */
  variant?: 'full' | 'compact';
  className?: string;
  /** Test hook of the trigger; the sidebar's (or the phone menu's) picker keeps the default. */
  testId?: string;
}

/** Popover listing the languages from the server (flag, code, title). */
export function LanguagePicker({
  value,
  onChange,
  variant = 'full',
  className,
  testId = 'language-picker',
}: LanguagePickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = useLanguages();
  const languages = data && data.length > 0 ? data : fallbackLanguages;
  const current =
    languages.find((language) => language.code === value) ??
    fallbackLanguages.find((language) => language.code === value);

  const triggerButton = (
    <button
      type="button"
      data-testid={testId}
      aria-label={`${t('Sidebar.language')}: ${current?.title ?? value}`}
      className={cn(
        'flex h-10 w-full cursor-pointer items-center gap-2.5 rounded-xl border border-ink-700 bg-ink-800 px-3 text-sm text-ink-100 transition-colors hover:border-ink-600 hover:bg-ink-750',
        variant === 'compact' && 'w-10 justify-center px-0',
        className,
      )}
    >
      {current ? <Flag language={current} /> : <Languages className="size-4" aria-hidden="true" />}
      {variant === 'full' ? (
        <>
          <span className="font-semibold uppercase">{value}</span>
          <span className="min-w-0 flex-1 truncate text-left text-ink-300">{current?.title}</span>
          <ChevronDown
            className={cn('size-4 text-ink-300 transition-transform', open && 'rotate-180')}
            aria-hidden="true"
          />
        </>
      ) : null}
    </button>
  );

  const picker = (
    <LazyPopover
      open={open}
      onOpenChange={setOpen}
      trigger={triggerButton}
      side={variant === 'compact' ? 'right' : 'top'}
      align={variant === 'compact' ? 'end' : 'start'}
      sideOffset={8}
      collisionPadding={12}
      className="z-50 w-64 rounded-2xl border border-ink-600 bg-ink-800 p-1.5 shadow-2xl shadow-black/60"
      content={
        <>
          <p className="px-2.5 pt-1.5 pb-2 text-xs font-semibold tracking-wide text-ink-400 uppercase">
            {t('Sidebar.language')}
          </p>
          <ul className="flex max-h-[min(24rem,60dvh)] flex-col gap-0.5 overflow-y-auto scrollbar-thin">
            {languages.map((language) => {
              const selected = language.code === value;
              return (
                <li key={language.code}>
                  <button
                    type="button"
                    lang={language.code}
                    aria-current={selected || undefined}
                    onClick={() => {
                      setOpen(false);
                      if (!selected) onChange(language.code);
                    }}
                    className={cn(
                      'flex w-full cursor-pointer items-center gap-3 rounded-xl px-2.5 py-2 text-left text-sm transition-colors hover:bg-ink-700',
                      selected ? 'bg-ink-750 text-ink-100' : 'text-ink-200',
                    )}
                  >
                    <Flag language={language} />
                    <span className="w-6 font-semibold uppercase">{language.code}</span>
                    <span className="min-w-0 flex-1 truncate">{language.title}</span>
                    {selected ? (
                      <Check className="size-4 text-brand-300" aria-hidden="true" />
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      }
    />
  );

  if (variant !== 'compact') return picker;
  return (
    <Hint
      label={t('Sidebar.language')}
      side="right"
      sideOffset={10}
      className="z-50 rounded-lg bg-ink-700 px-2.5 py-1.5 text-xs font-medium text-ink-100 shadow-lg"
    >
      {picker}
    </Hint>
  );
}
