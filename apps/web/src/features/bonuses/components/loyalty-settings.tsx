import type { BonusSettings } from '@casino/contract';
import { Bitcoin, CreditCard, type LucideIcon } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useBonusOffers } from '../api/get-bonus-offers';
import { useSaveLoyaltySettings } from '../api/save-loyalty-settings';

type WelcomeToggle = 'isWelcomeEnabledFiat' | 'isWelcomeEnabledCrypto';

function ToggleRow({
  icon: Icon,
  label,
  checked,
  disabled,
  onChange,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3 rounded-xl bg-ink-800 px-3 py-2.5">
      <Icon className="size-4 shrink-0 text-ink-300" aria-hidden="true" />
      <label htmlFor={id} className="flex-1 cursor-pointer text-sm font-medium text-ink-100">
        {label}
      </label>
      <Switch.Root
        id={id}
        data-testid={testId}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        className={cn(
          'relative h-6 w-11 shrink-0 cursor-pointer rounded-full bg-ink-600 transition-colors disabled:cursor-wait disabled:opacity-60',
          'data-[state=checked]:bg-brand-500',
        )}
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </div>
  );
}

/**
 * The welcome-bonus switches per deposit method kind (spec §3 settings, saved by
 * `POST /api/v2/users/loyalty`): a deposit of a switched-off kind gets no welcome bonus.
 */
export function LoyaltySettings({ className }: { className?: string }) {
  const { t } = useTranslation();
  const offers = useBonusOffers();
  const save = useSaveLoyaltySettings();
  const settings: BonusSettings | undefined = offers.data?.settings;
  if (!settings) return null;

  const pendingKey = save.isPending ? Object.keys(save.variables ?? {})[0] : undefined;
  const toggle = (key: WelcomeToggle, value: boolean) => save.mutate({ [key]: value });
  const value = (key: WelcomeToggle) =>
    pendingKey === key ? Boolean(save.variables?.[key]) : settings[key];

  return (
    <section
      data-testid="bonus-loyalty-settings"
      className={cn(
        'flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-4',
        className,
      )}
    >
      <div>
        <h2 className="text-sm font-bold text-ink-100">{t('Bonuses.settings.title')}</h2>
        <p className="mt-0.5 text-xs text-ink-300">{t('Bonuses.settings.text')}</p>
      </div>
      <ToggleRow
        icon={CreditCard}
        label={t('Bonuses.settings.fiat')}
        checked={value('isWelcomeEnabledFiat')}
        disabled={save.isPending}
        onChange={(next) => toggle('isWelcomeEnabledFiat', next)}
        testId="bonus-loyalty-fiat"
      />
      <ToggleRow
        icon={Bitcoin}
        label={t('Bonuses.settings.crypto')}
        checked={value('isWelcomeEnabledCrypto')}
        disabled={save.isPending}
        onChange={(next) => toggle('isWelcomeEnabledCrypto', next)}
        testId="bonus-loyalty-crypto"
      />
    </section>
  );
}
