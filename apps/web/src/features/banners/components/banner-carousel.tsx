import { type BannerViewer, bannerAction, isBannerVisible } from '@casino/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type PointerEvent, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/cn';
import { useLocale } from '@/lib/use-locale';
import { useBanners } from '../api/get-banners';
import { useCarousel } from '../hooks/use-carousel';
import { type BannerHandlers, BannerSlide } from './banner-slide';

export const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/** A horizontal drag longer than this (px) turns the slide. */
const swipeThresholdPx = 48;

export interface BannerCarouselProps extends BannerHandlers {
  /** the viewer as the app knows them; the country comes with the banners */
  viewer: Omit<BannerViewer, 'country' | 'locale'>;
  className?: string;
}

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  offsetX: number;
  horizontal: boolean | null;
}

/**
 * The home carousel (shell spec §2): the banners the server sent, filtered again by the
 * contract's rules for what the app knows now (a deposit that just completed hides the wallet
 * banner). Previous / next arrows from `md` up, dots everywhere, swipe on touch, arrow keys,
 * and autoplay that waits while pointed at, focused or in a background tab and never runs
 * under reduced motion.
 */
export function BannerCarousel({ viewer, className, ...handlers }: BannerCarouselProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const banners = useBanners(locale);
  const reducedMotion = useMediaQuery(reducedMotionQuery);

  const slides = useMemo(() => {
    const data = banners.data;
    if (!data) return [];
    const full: BannerViewer = { ...viewer, country: data.country, locale };
    return data.items
      .filter((banner) => isBannerVisible(banner, full))
      .map((banner) => ({ banner, action: bannerAction(banner, full) }));
  }, [banners.data, viewer, locale]);

  const carousel = useCarousel(slides.length, { autoplay: !reducedMotion });
  const [drag, setDrag] = useState<Drag | null>(null);
  const swipedRef = useRef(false);
  // the slides whose pictures were asked for: the shown one and its neighbours, and every one
  // shown before (kept, so a slide coming back is never blank)
  const picturedRef = useRef(new Set<string>());
  const wasSwiped = useCallback(() => swipedRef.current, []);

  if (banners.isPending) {
    return (
      <div
        className={cn('aspect-[16/9] rounded-2xl bg-ink-800 sm:aspect-[3/1]', className)}
        aria-hidden="true"
      />
    );
  }
  if (slides.length === 0) return null;

  const count = slides.length;
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // Mice click and use the arrows; touch and pens swipe.
    if (event.pointerType === 'mouse' || count < 2) return;
    swipedRef.current = false;
    setDrag({
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      offsetX: 0,
      horizontal: null,
    });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    const deltaX = event.clientX - drag.startX;
    const deltaY = event.clientY - drag.startY;
    let horizontal = drag.horizontal;
    if (horizontal === null && Math.max(Math.abs(deltaX), Math.abs(deltaY)) > 8) {
      horizontal = Math.abs(deltaX) > Math.abs(deltaY);
    }
    // A vertical move is the page scrolling: let it go.
    if (horizontal === false) {
      setDrag(null);
      return;
    }
    setDrag({ ...drag, horizontal, offsetX: horizontal ? deltaX : 0 });
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    if (Math.abs(drag.offsetX) > swipeThresholdPx) {
      swipedRef.current = true;
      carousel.go(drag.offsetX < 0 ? 1 : -1);
    }
    setDrag(null);
  };

  return (
    <section
      data-testid="banner-carousel"
      aria-roledescription={t('Banners.carousel')}
      aria-label={t('Banners.carousel_label')}
      className={cn('group relative', className)}
      onMouseEnter={() => carousel.setHovered(true)}
      onMouseLeave={() => carousel.setHovered(false)}
      onFocus={() => carousel.setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          carousel.setFocused(false);
        }
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') carousel.go(-1);
        else if (event.key === 'ArrowRight') carousel.go(1);
      }}
      data-playing={carousel.playing}
    >
      <div
        className="touch-pan-y overflow-hidden rounded-2xl"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={() => setDrag(null)}
      >
        <div
          aria-live={carousel.playing ? 'off' : 'polite'}
          className={cn(
            'flex',
            drag?.horizontal
              ? 'transition-none'
              : 'transition-transform duration-500 ease-out motion-reduce:transition-none',
          )}
          style={{
            transform: `translateX(calc(${-carousel.index * 100}% + ${drag?.offsetX ?? 0}px))`,
          }}
        >
          {slides.map(({ banner, action }, position) => {
            const current = position === carousel.index;
            const distance = Math.abs(position - carousel.index);
            if (Math.min(distance, count - distance) <= 1) picturedRef.current.add(banner.id);
            return (
              // biome-ignore lint/a11y/useSemanticElements: the APG carousel slide is a group with a role description; a fieldset would announce a form
              <div
                key={banner.id}
                role="group"
                aria-roledescription={t('Banners.slide')}
                aria-label={t('Banners.slide_label', { index: position + 1, count })}
                aria-hidden={!current}
                inert={!current}
                data-testid={`banner-slide-${banner.id}`}
                data-type={banner.type}
                data-current={current}
                className="aspect-[16/9] w-full shrink-0 sm:aspect-[3/1]"
              >
                <BannerSlide
                  banner={banner}
                  action={action}
                  handlers={handlers}
                  wasSwiped={wasSwiped}
                  first={position === 0}
                  pictures={picturedRef.current.has(banner.id)}
                />
              </div>
            );
          })}
        </div>
      </div>

      {count > 1 ? (
        <>
          <button
            type="button"
            data-testid="banner-prev"
            aria-label={t('Banners.previous')}
            onClick={() => carousel.go(-1)}
            className="absolute top-1/2 left-3 hidden size-10 -translate-y-1/2 cursor-pointer place-items-center rounded-full bg-ink-950/60 text-ink-100 ring-1 ring-white/10 backdrop-blur transition-colors hover:bg-ink-950/80 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none md:grid"
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            data-testid="banner-next"
            aria-label={t('Banners.next')}
            onClick={() => carousel.go(1)}
            className="absolute top-1/2 right-3 hidden size-10 -translate-y-1/2 cursor-pointer place-items-center rounded-full bg-ink-950/60 text-ink-100 ring-1 ring-white/10 backdrop-blur transition-colors hover:bg-ink-950/80 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none md:grid"
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
          {/* each dot is a 24 px target (the visual dot inside), so a thumb hits the one it aims at */}
          <div className="mt-1 flex justify-center">
            {slides.map(({ banner }, position) => (
              <button
                key={banner.id}
                type="button"
                aria-label={t('Banners.go_to', { index: position + 1 })}
                aria-current={position === carousel.index}
                onClick={() => carousel.goTo(position)}
                className="group grid h-6 min-w-6 cursor-pointer place-items-center px-0.5"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'h-1.5 rounded-full transition-[width,background-color] duration-300 motion-reduce:transition-none',
                    position === carousel.index
                      ? 'w-6 bg-brand-400'
                      : 'w-1.5 bg-ink-500 group-hover:bg-ink-400',
                  )}
                />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
