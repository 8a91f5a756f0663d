import { type PushCategory, pushCategories, pushRefusalToastMs } from '@casino/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Banknote,
  BellOff,
  BellRing,
  Gift,
  type LucideIcon,
  Trophy,
  Wallet,
  Zap,
} from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/notify';
import { getVapidPublicKey, saveSubscription } from '../api/push-api';
import { pushSettingsQueryKey, usePushSettings, useSetPushCategory } from '../api/push-settings';
import { isPushSupported, registerServiceWorker, subscribeBrowser } from '../push-browser';

/**
 * This browser's side of push: `on` subscribed with the permission granted; `off` it could be
 * turned on; `denied` the browser refuses (only its settings can change that); `unsupported` no
 * service worker or push; `unavailable` push is switched off on the server.
 */
type DeviceState = 'on' | 'off' | 'denied' | 'unsupported' | 'unavailable';

interface Device {
  state: DeviceState;
  registration: ServiceWorkerRegistration | null;
  key: string | null;
}

async function readDevice(): Promise<Device> {
  if (!isPushSupported()) return { state: 'unsupported', registration: null, key: null };
  const key = await getVapidPublicKey();
  if (key === null) return { state: 'unavailable', registration: null, key: null };
  if (Notification.permission === 'denied') return { state: 'denied', registration: null, key };
  const registration = await registerServiceWorker();
  const subscription = await registration.pushManager.getSubscription();
  const on = subscription !== null && Notification.permission === 'granted';
  return { state: on ? 'on' : 'off', registration, key };
}

const deviceQueryKey = ['me', 'push-device'] as const;

const categoryIcons: Record<PushCategory, LucideIcon> = {
  deposits: Wallet,
  withdrawals: Banknote,
  tournaments: Trophy,
  bonuses: Gift,
  sportsbook: Zap,
};

function CategorySwitch({
  category,
  checked,
  onChange,
}: {
  category: PushCategory;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const Icon = categoryIcons[category];
  return (
    <div className="flex items-center gap-3 rounded-xl bg-ink-800 px-3 py-2.5">
      <Icon className="size-4 shrink-0 text-ink-300" aria-hidden="true" />
      <label htmlFor={id} className="flex-1 cursor-pointer text-sm font-medium text-ink-100">
        {t(`WebPush.categories.${category}`)}
      </label>
      <Switch.Root
        id={id}
        data-testid={`push-category-${category}`}
        checked={checked}
        onCheckedChange={onChange}
        className={cn(
          'relative h-6 w-11 shrink-0 cursor-pointer rounded-full bg-ink-600 transition-colors',
          'data-[state=checked]:bg-brand-500',
        )}
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </div>
  );
}

/**
 * The profile's notifications: this browser's state (on, off with a button to turn it on,
 * blocked by the browser, not possible) and one switch per category, which applies to every
 * device of the player (`PATCH /api/v1/me/push_settings`). Loaded on demand with the profile.
 */
export function PushSettingsSection({ onSubscribed }: { onSubscribed: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = usePushSettings();
  const setCategory = useSetPushCategory();
  const device = useQuery({ queryKey: deviceQueryKey, queryFn: readDevice, staleTime: Infinity });
  const [enabling, setEnabling] = useState(false);

  const enable = async () => {
    const current = device.data;
    if (!current?.registration || !current.key) return;
    setEnabling(true);
    try {
      const subscription = await subscribeBrowser(current.registration, current.key);
      queryClient.setQueryData(pushSettingsQueryKey, await saveSubscription(subscription));
      onSubscribed();
    } catch {
      notify.info(t('WebPush.refuse_title'), {
        description: t('WebPush.refuse_description'),
        durationMs: pushRefusalToastMs,
      });
    } finally {
      setEnabling(false);
      void queryClient.invalidateQueries({ queryKey: deviceQueryKey });
    }
  };

  // the service worker or the key could not be had: nothing this browser can turn on now
  const state: DeviceState | undefined = device.isError ? 'unavailable' : device.data?.state;
  const elsewhere = state === 'off' && settings.data?.isPushNotificationsActive === true;
  const stateText =
    state === undefined
      ? null
      : elsewhere
        ? t('WebPush.state_off_elsewhere')
        : t(`WebPush.state_${state}`);

  return (
    <section
      data-testid="push-settings"
      aria-labelledby="push-settings-title"
      className="rounded-2xl border border-ink-700 bg-ink-850 p-4 sm:p-6"
    >
      <h2 id="push-settings-title" className="text-base font-bold text-ink-100">
        {t('WebPush.settings_title')}
      </h2>
      <p className="mt-1 text-sm text-ink-300">{t('WebPush.settings_hint')}</p>
      <div
        data-testid="push-device-state"
        data-state={state ?? 'loading'}
        className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border border-ink-700 px-3 py-2.5"
      >
        {state === 'on' ? (
          <BellRing className="size-4 shrink-0 text-brand-300" aria-hidden="true" />
        ) : (
          <BellOff className="size-4 shrink-0 text-ink-400" aria-hidden="true" />
        )}
        <p className="min-w-0 flex-1 text-sm text-ink-200" aria-live="polite">
          {stateText ?? <Spinner className="size-4" />}
        </p>
        {state === 'off' ? (
          <Button size="sm" onClick={() => void enable()} disabled={enabling}>
            {t('WebPush.allow')}
          </Button>
        ) : null}
      </div>
      {settings.data ? (
        <fieldset className="mt-3 flex flex-col gap-2">
          <legend className="sr-only">{t('WebPush.categories_legend')}</legend>
          {pushCategories.map((category) => (
            <CategorySwitch
              key={category}
              category={category}
              checked={settings.data.categories[category]}
              onChange={(enabled) => setCategory.mutate({ category, enabled })}
            />
          ))}
        </fieldset>
      ) : (
        <div className="grid place-items-center py-6 text-ink-300">
          <Spinner className="size-5" />
        </div>
      )}
    </section>
  );
}
