import { Coins, ExternalLink, Lightbulb, TriangleAlert, X } from 'lucide-react';
import { Dialog, Tabs } from 'radix-ui';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import {
  type CryptoGuideService,
  cryptoGuideService,
  cryptoGuideServices,
  guideImageLanguage,
  parseCryptoGuideServiceId,
  type SendStep,
} from '../guide-content';
import { useCryptoGuide } from '../hooks/use-crypto-guide';
import { GuideVideo } from './guide-video';
import { ServiceMark } from './service-mark';
import { StepScreen } from './step-screen';

const tabClassName =
  'flex w-[88px] shrink-0 cursor-pointer flex-col items-center gap-1.5 rounded-xl border border-transparent px-1 py-2 text-[11px] font-semibold leading-tight text-ink-300 transition-colors hover:bg-ink-800 hover:text-ink-100 data-[state=active]:border-ink-600 data-[state=active]:bg-ink-800 data-[state=active]:text-ink-100';

function sendStepKey(service: CryptoGuideService, step: SendStep): string {
  return step === 'service'
    ? `CryptoGuide.services.${service.id}.send_service`
    : `CryptoGuide.send.${step}`;
}

function StepList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <section className="flex flex-col gap-2.5">
      <h3 className="text-sm font-bold text-ink-100">{title}</h3>
      <ol className="flex flex-col gap-2">
        {items.map((item, index) => (
          <li key={item} className="flex gap-3 text-sm text-ink-200">
            <span
              className="grid size-6 shrink-0 place-items-center rounded-full bg-ink-750 text-xs font-bold text-brand-300"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <span className="pt-0.5">{item}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** One tab: intro, how to buy, how to send, the step images, the video slot. */
function ServiceGuide({ service }: { service: CryptoGuideService }) {
  const { t, i18n } = useTranslation();
  const imageLanguage = guideImageLanguage(i18n.resolvedLanguage);
  const imageT = i18n.getFixedT(imageLanguage);
  const texts = `CryptoGuide.services.${service.id}`;
  const buySteps = Array.from({ length: service.buyStepCount }, (_, index) =>
    t(`${texts}.buy_${index + 1}`),
  );
  const sendSteps = service.sendSteps.map((step) => t(sendStepKey(service, step)));

  return (
    <div className="flex flex-col gap-5" data-testid={`crypto-guide-panel-${service.id}`}>
      <div className="flex items-center gap-3">
        <ServiceMark service={service} className="size-12 shrink-0" />
        <div className="min-w-0">
          <h3 className="truncate text-base font-bold text-ink-100">{service.name}</h3>
          <p className="text-xs text-ink-300">{t(`${texts}.kind`)}</p>
        </div>
      </div>
      <p className="text-sm text-ink-200">{t(`${texts}.intro`)}</p>

      <StepList title={t('CryptoGuide.buy_title')} items={buySteps} />
      <StepList title={t('CryptoGuide.send_title')} items={sendSteps} />

      <p className="flex gap-2.5 rounded-xl border border-gold-500/30 bg-gold-500/10 p-3 text-xs text-gold-300">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        {t('CryptoGuide.warning')}
      </p>
      {service.hasTip ? (
        <p className="flex gap-2.5 rounded-xl border border-ink-700 bg-ink-850 p-3 text-xs text-ink-200">
          <Lightbulb className="size-4 shrink-0 text-brand-300" aria-hidden="true" />
          {t(`${texts}.tip`)}
        </p>
      ) : null}

      <section className="flex flex-col gap-2.5">
        <h3 className="text-sm font-bold text-ink-100">{t('CryptoGuide.steps_title')}</h3>
        <ol
          className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 scrollbar-thin sm:-mx-5 sm:px-5"
          lang={imageLanguage}
        >
          {service.screens.map((scene, index) => (
            <li
              key={`${service.id}-${scene}`}
              className="w-[62%] max-w-[230px] min-w-[200px] shrink-0 snap-start"
            >
              <StepScreen
                service={service}
                scene={scene}
                number={index + 1}
                language={imageLanguage}
                t={imageT}
              />
            </li>
          ))}
        </ol>
      </section>

      {service.video ? <GuideVideo service={service} video={service.video} /> : null}
    </div>
  );
}

/**
 * The crypto guide drawer (`?guide=crypto[&service=<id>]`, spec §1, §2): how to buy crypto in one
 * of five services and send it to the casino, one tab per service, with the service's site one
 * tap away. A sheet from the right on desktop, from the bottom on phones, like the bonus drawer.
 */
export function CryptoGuideDrawer() {
  const { t } = useTranslation();
  const guide = useCryptoGuide();
  const current = cryptoGuideService(guide.service);
  // Opened from the URL there is no Dialog.Trigger for radix to give focus back to, so the drawer
  // remembers what had focus (a menu entry, the wallet's link) and returns there on close.
  const returnFocusTo = useRef<HTMLElement | null>(null);

  return (
    <Dialog.Root
      open={guide.isOpen}
      onOpenChange={(open) => {
        if (!open) guide.close();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink-950/85" />
        <Dialog.Content
          data-testid="crypto-guide"
          data-service={current.id}
          onOpenAutoFocus={() => {
            returnFocusTo.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            returnFocusTo.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[min(92dvh,calc(100dvh-var(--safe-top)-0.5rem))] animate-slide-up flex-col rounded-t-3xl border-t border-ink-700 bg-ink-900 shadow-2xl md:inset-y-0 md:right-0 md:left-auto md:max-h-none md:w-[520px] md:animate-slide-in-right md:rounded-none md:border-t-0 md:border-l md:pt-safe"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-ink-750 px-4 sm:px-5">
            <Dialog.Title className="flex items-center gap-2 text-lg font-bold text-ink-100">
              <Coins className="size-5 text-gold-400" aria-hidden="true" />
              {t('CryptoGuide.title')}
            </Dialog.Title>
            <Dialog.Close
              aria-label={t('Shared.close')}
              className="grid size-9 cursor-pointer place-items-center rounded-lg text-ink-300 hover:bg-ink-750 hover:text-ink-100"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Tabs.Root
            value={current.id}
            onValueChange={(value) => {
              const next = parseCryptoGuideServiceId(value);
              if (next) guide.selectService(next);
            }}
            className="flex min-h-0 flex-1 flex-col"
          >
            <Tabs.List
              aria-label={t('CryptoGuide.services_label')}
              className="flex shrink-0 gap-1 overflow-x-auto border-b border-ink-750 px-3 py-2 scrollbar-thin sm:px-4"
            >
              {cryptoGuideServices.map((service) => (
                <Tabs.Trigger
                  key={service.id}
                  value={service.id}
                  data-testid={`crypto-guide-tab-${service.id}`}
                  className={tabClassName}
                >
                  <ServiceMark service={service} className="size-8" />
                  <span className="line-clamp-2 w-full text-center break-words">
                    {service.name}
                  </span>
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <div className="flex-1 overflow-y-auto px-4 py-5 scrollbar-thin sm:px-5">
              <Dialog.Description className="mb-5 text-sm text-ink-300">
                {t('CryptoGuide.description')}
              </Dialog.Description>
              {cryptoGuideServices.map((service) => (
                <Tabs.Content key={service.id} value={service.id}>
                  <ServiceGuide service={service} />
                </Tabs.Content>
              ))}
            </div>
          </Tabs.Root>
          <div className="shrink-0 border-t border-ink-750 px-4 pt-3 pb-[calc(0.75rem+var(--safe-bottom))] sm:px-5">
            <a
              href={current.url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="crypto-guide-service-link"
              className={cn(buttonClassName('primary', 'lg'), 'w-full')}
            >
              {t('CryptoGuide.open_service', { name: current.name })}
              <ExternalLink className="size-4" aria-hidden="true" />
              <span className="sr-only">{t('Shared.opens_in_new_tab')}</span>
            </a>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
