import { pushRefusalToastMs } from '@casino/contract';
import { BellRing, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import {
  getPushSettings,
  getVapidPublicKey,
  recordPromptRefusal,
  saveSubscription,
} from '../api/push-api';
import { isPushSupported, registerServiceWorker, subscribeBrowser } from '../push-browser';

interface Ready {
  registration: ServiceWorkerRegistration;
  key: string;
}

/**
 * Whether to offer push, exactly as the spec says (§4): the feature is on (the server has a
 * key), the browser supports service workers and push, permission is not granted, this browser
 * is not subscribed, and the player refused no prompt in the last 7 days (kept on the server).
 * A browser already subscribed is told to the server again (a shared browser, a new sign-in).
 */
async function whenToOffer(): Promise<Ready | null> {
  if (!isPushSupported()) return null;
  const key = await getVapidPublicKey();
  if (key === null) return null;
  const registration = await registerServiceWorker();
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    if (Notification.permission === 'granted') await saveSubscription(existing);
    return null;
  }
  if (Notification.permission === 'granted') return null;
  const settings = await getPushSettings();
  return settings.promptAllowed ? { registration, key } : null;
}

function showRefusal(t: (key: string) => string) {
  notify.info(t('WebPush.refuse_title'), {
    description: t('WebPush.refuse_description'),
    durationMs: pushRefusalToastMs,
  });
}

/** The web-push prompt for a signed-in player (loaded on demand, after the first paint). */
export function WebPushPrompt({ onSubscribed }: { onSubscribed: () => void }) {
  const { t } = useTranslation();
  const [ready, setReady] = useState<Ready | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    whenToOffer()
      .then((offer) => {
        if (active) setReady(offer);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);

  if (!ready) return null;

  const dismiss = () => {
    setReady(null);
    void recordPromptRefusal().catch(() => undefined);
  };

  const allow = async () => {
    setBusy(true);
    try {
      const subscription = await subscribeBrowser(ready.registration, ready.key);
      await saveSubscription(subscription);
      setReady(null);
      onSubscribed();
    } catch {
      // refused in the browser, or the push service or our server failed: the info toast, and
      // the prompt rests for 7 days like a dismissal
      setReady(null);
      showRefusal(t);
      void recordPromptRefusal().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  // From md up it sits under the header, centred: at the bottom right it covered the desktop bet
  // slip's Place button (the slip is a sticky column on the right).
  return (
    <section
      aria-labelledby="web-push-prompt-title"
      data-testid="web-push-prompt"
      className="fixed inset-x-3 bottom-[calc(6rem+var(--safe-bottom))] z-40 animate-fade-in rounded-2xl border border-ink-700 bg-ink-850 p-4 shadow-2xl shadow-ink-950/60 md:inset-x-auto md:top-20 md:bottom-auto md:left-1/2 md:w-[380px] md:-translate-x-1/2"
    >
      <button
        type="button"
        onClick={dismiss}
        aria-label={t('WebPush.later')}
        className="absolute top-2.5 right-2.5 grid size-8 cursor-pointer place-items-center rounded-lg text-ink-400 hover:bg-ink-750 hover:text-ink-100"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
      <div className="flex gap-3 pr-6">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-500/15 text-brand-300">
          <BellRing className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id="web-push-prompt-title" className="text-sm font-semibold text-ink-100">
            {t('WebPush.prompt_title')}
          </h2>
          <p className="mt-1 text-xs leading-5 text-ink-300">{t('WebPush.prompt_description')}</p>
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={dismiss}>
          {t('WebPush.later')}
        </Button>
        <Button size="sm" onClick={() => void allow()} disabled={busy}>
          {t('WebPush.allow')}
        </Button>
      </div>
    </section>
  );
}
