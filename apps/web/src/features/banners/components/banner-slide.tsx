import {
  type Banner,
  type BannerAction,
  bannerDescription,
  bannerTournamentName,
} from '@casino/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { useLocale, useLocalizedPath } from '@/lib/use-locale';

/** What the app does for the clicks that are not plain links. */
export interface BannerHandlers {
  onSignUp: () => void;
  onLogin: () => void;
  onOpenWallet: () => void;
  onOpenWheel: () => void;
}

export interface BannerSlideProps {
  banner: Banner;
  action: BannerAction;
  handlers: BannerHandlers;
  /** true right after a swipe: the pointer-up must not count as a click */
  wasSwiped: () => boolean;
  /** the first slide: its pictures are what the page paints largest, fetched before the rest */
  first?: boolean;
  /**
   * false while the slide is far from the one shown: its pictures are not asked for yet (a
   * dozen slides' pictures would queue before the page's own requests on a phone's connection)
   */
  pictures?: boolean;
}

const endFormats = new Map<string | undefined, Intl.DateTimeFormat>();

/** Made once per language: the carousel renders its slides again at every turn. */
function endFormat(language: string | undefined): Intl.DateTimeFormat {
  let format = endFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    endFormats.set(language, format);
  }
  return format;
}

/**
 * The language's date format once it is made, made in a task of its own: the page's first date
 * format loads the language's calendar data (about 50 ms at a phone's 4× slower CPU), which inside
 * the first render of the carousel made one long task of it. Null until then.
 */
function useEndFormat(language: string | undefined): Intl.DateTimeFormat | null {
  const known = endFormats.get(language) ?? null;
  const [, setMade] = useState(0);
  useEffect(() => {
    if (known) return;
    const timer = window.setTimeout(() => {
      endFormat(language);
      setMade((count) => count + 1);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [known, language]);
  return known;
}

const endsClassName =
  'mt-2 inline-flex self-start rounded-full bg-ink-950/60 px-2.5 py-1 text-xs font-semibold text-gold-300';

function TournamentEnds({ endsAt }: { endsAt: string }) {
  const { t, i18n } = useTranslation();
  const format = useEndFormat(i18n.resolvedLanguage);
  // its room is kept until the date can be written (as the HTML's first paint keeps it)
  if (!format) {
    return (
      <p className={endsClassName} style={{ visibility: 'hidden' }}>
        {'\u00a0'}
      </p>
    );
  }
  return (
    <p className={endsClassName}>
      {t('Banners.tournament_ends', { date: format.format(new Date(endsAt)) })}
    </p>
  );
}

/** One of a slide's decorative pictures (the background, a middle layer, the foreground). */
function SlidePicture({
  src,
  priority,
  className,
}: {
  src: string;
  priority: 'high' | 'auto';
  className: string;
}) {
  return <img src={src} alt="" draggable={false} fetchPriority={priority} className={className} />;
}

/**
 * One banner: the background picture, the foreground picture and the decoration layer of the
 * viewer's language (else English), the copy laid over them, and the whole slide as the link or
 * button of its action.
 */
export function BannerSlide({
  banner,
  action,
  handlers,
  wasSwiped,
  first,
  pictures = true,
}: BannerSlideProps) {
  const locale = useLocale();
  const localized = useLocalizedPath();
  const description = bannerDescription(banner, locale);
  if (!description) return null;
  const title = description.title ?? bannerTournamentName(banner, locale);
  const label = title ?? description.text ?? banner.type;

  const priority = first ? 'high' : 'auto';
  const picture = (
    <>
      {pictures ? (
        <>
          <SlidePicture
            src={description.image_bg}
            priority={priority}
            className="absolute inset-0 size-full object-cover"
          />
          {description.image_3 ? (
            <SlidePicture
              src={description.image_3}
              priority={priority}
              className="pointer-events-none absolute inset-0 size-full object-cover"
            />
          ) : null}
          {description.image_fg ? (
            <SlidePicture
              src={description.image_fg}
              priority={priority}
              className="absolute right-0 bottom-0 h-full w-3/5 object-contain object-right-bottom sm:w-1/2"
            />
          ) : null}
        </>
      ) : null}
      <span className="absolute inset-0 bg-linear-to-r from-ink-950/80 via-ink-950/35 to-transparent" />
      <span className="relative flex h-full max-w-[60%] flex-col justify-center p-4 text-left sm:max-w-[50%] sm:p-8 md:px-20 md:py-10">
        {title ? (
          <span className="text-lg leading-tight font-extrabold text-white drop-shadow sm:text-2xl md:text-3xl">
            {title}
          </span>
        ) : null}
        {description.text ? (
          <span className="mt-1.5 text-xs text-ink-100 sm:mt-2 sm:text-base">
            {description.text}
          </span>
        ) : null}
        {banner.tournament ? <TournamentEnds endsAt={banner.tournament.ends_at} /> : null}
      </span>
    </>
  );

  const className =
    'relative block size-full overflow-hidden rounded-2xl text-left outline-none focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:ring-offset-2 focus-visible:ring-offset-ink-900';
  const guardSwipe = (event: { preventDefault: () => void }) => {
    if (wasSwiped()) {
      event.preventDefault();
      return true;
    }
    return false;
  };
  const button = (onClick: () => void): ReactNode => (
    <button
      type="button"
      className={cn(className, 'cursor-pointer')}
      aria-label={label}
      onClick={(event) => {
        if (!guardSwipe(event)) onClick();
      }}
    >
      {picture}
    </button>
  );

  switch (action.kind) {
    case 'sign_up':
      return button(handlers.onSignUp);
    case 'login':
      return button(handlers.onLogin);
    case 'wallet':
      return button(handlers.onOpenWallet);
    case 'wheel':
      return button(handlers.onOpenWheel);
    case 'path':
      return (
        <Link
          to={localized(action.path)}
          className={className}
          aria-label={label}
          draggable={false}
          onClick={guardSwipe}
        >
          {picture}
        </Link>
      );
    case 'external':
      return (
        <a
          href={action.url}
          target="_blank"
          rel="noopener noreferrer"
          className={className}
          aria-label={label}
          draggable={false}
          onClick={guardSwipe}
        >
          {picture}
        </a>
      );
    case 'none':
      return <div className={className}>{picture}</div>;
  }
}
