import { Clapperboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CryptoGuideService } from '../guide-content';

/**
 * A tab's video slot (spec §2, "a video for some"): the clip with its poster when the operator
 * has set its address in the content module, otherwise the poster with "video coming soon".
 * The clips are silent screen recordings of the same steps the tab lists in text, so they play
 * muted and the numbered lists above them are their text alternative.
 */
export function GuideVideo({
  service,
  video,
}: {
  service: Pick<CryptoGuideService, 'name'>;
  video: NonNullable<CryptoGuideService['video']>;
}) {
  const { t } = useTranslation();
  const label = t('CryptoGuide.video_label', { name: service.name });

  return (
    <figure
      className="overflow-hidden rounded-2xl border border-ink-700 bg-ink-850"
      data-testid="crypto-guide-video"
      data-state={video.url ? 'ready' : 'coming-soon'}
    >
      {video.url ? (
        <video
          src={video.url}
          poster={video.poster}
          controls
          muted
          playsInline
          preload="none"
          aria-label={label}
          className="block aspect-video w-full bg-ink-950"
        />
      ) : (
        <div className="relative">
          <img
            src={video.poster}
            alt={label}
            className="block aspect-video w-full object-cover opacity-70"
          />
          <p className="absolute inset-x-0 bottom-3 mx-auto flex w-fit items-center gap-2 rounded-full bg-ink-950/85 px-4 py-2 text-sm font-bold text-ink-100">
            <Clapperboard className="size-4 text-ink-200" aria-hidden="true" />
            {t('CryptoGuide.video_soon')}
          </p>
        </div>
      )}
      <figcaption className="px-4 py-2.5 text-xs text-ink-300">
        {t('CryptoGuide.video_title')}
      </figcaption>
    </figure>
  );
}
