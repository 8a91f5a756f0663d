import { useTranslation } from 'react-i18next';
import type { CryptoGuideService } from '../guide-content';

/**
 * A tab's video (spec §2, "a video for some"), shown for the tabs whose clip the operator has set
 * in the content module. The clips are silent screen recordings of the same steps the tab lists
 * in text, so they play muted and the numbered lists above them are their text alternative.
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
    >
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
      <figcaption className="px-4 py-2.5 text-xs text-ink-300">
        {t('CryptoGuide.video_title')}
      </figcaption>
    </figure>
  );
}
