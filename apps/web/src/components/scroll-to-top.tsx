import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export const scrollToTopThresholdPx = 350;

export function ScrollToTopButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > scrollToTopThresholdPx);
    // The first look waits for the next frame: `scrollY` read here, right after the shell's
    // commit, laid the fresh page out inside this effect (about 60 ms at a 4× slower CPU),
    // and again after the renders that follow; in the frame's callback the layout is the
    // frame's own. A scroll before then (a restored position) calls it anyway.
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  return (
    <button
      type="button"
      aria-label={t('Shared.scroll_to_top')}
      title={t('Shared.scroll_to_top')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className={cn(
        'fixed right-4 z-30 grid size-11 cursor-pointer place-items-center rounded-full border border-ink-600 bg-ink-750/90 text-ink-100 shadow-xl backdrop-blur transition-all duration-200 hover:bg-ink-700',
        visible ? 'translate-y-0 opacity-100' : 'pointer-events-none translate-y-3 opacity-0',
        className,
      )}
    >
      <ArrowUp className="size-5" aria-hidden="true" />
    </button>
  );
}
