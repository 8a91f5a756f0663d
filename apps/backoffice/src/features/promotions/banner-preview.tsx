import { bannerPreviewMessageType, bannerPreviewReadyType } from '@casino/contract';
import { useEffect, useRef, useState } from 'react';

/** What the preview draws: the banner's type, the language shown and its copy per locale. */
export interface BannerPreviewValues {
  type: string;
  locale: string;
  descriptions: Record<string, Record<string, string | null>>;
}

const frames = [
  { id: 'desktop', label: 'Desktop · 1440 px', width: 1440, height: 512 },
  { id: 'phone', label: 'Phone · 390 px', width: 390, height: 230 },
] as const;

/**
 * The banner as the player app renders it: the player app's own banner slide in same-origin
 * frames (`/?bannerPreview`, loaded on demand there), at a desktop and a phone width, scaled to
 * fit; the form's unsaved values reach them by postMessage on every change.
 */
export function BannerPreview({ values }: { values: BannerPreviewValues }) {
  const refs = useRef<Record<string, HTMLIFrameElement | null>>({});
  const latest = useRef(values);
  latest.current = values;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if ((event.data as { type?: unknown } | null)?.type !== bannerPreviewReadyType) return;
      for (const frame of Object.values(refs.current)) {
        if (frame?.contentWindow && frame.contentWindow === event.source) {
          frame.contentWindow.postMessage(
            { type: bannerPreviewMessageType, banner: latest.current },
            window.location.origin,
          );
        }
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const serialized = JSON.stringify(values);
  useEffect(() => {
    const message = { type: bannerPreviewMessageType, banner: JSON.parse(serialized) as unknown };
    for (const frame of Object.values(refs.current)) {
      frame?.contentWindow?.postMessage(message, window.location.origin);
    }
  }, [serialized]);

  return (
    <div className="flex flex-col gap-4" data-testid="banner-preview">
      {frames.map((frame) => (
        <ScaledFrame key={frame.id} frame={frame}>
          <iframe
            ref={(element) => {
              refs.current[frame.id] = element;
            }}
            data-testid={`banner-preview-${frame.id}`}
            title={`Banner preview, ${frame.label}`}
            src="/?bannerPreview"
            width={frame.width}
            height={frame.height}
            className="block border-0"
          />
        </ScaledFrame>
      ))}
    </div>
  );
}

function ScaledFrame({
  frame,
  children,
}: {
  frame: (typeof frames)[number];
  children: React.ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState<number>(frame.width);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setAvailable(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = Math.min(1, available / frame.width);
  return (
    <figure className="flex flex-col gap-1.5">
      <figcaption className="text-xs text-muted">{frame.label}</figcaption>
      <div ref={box} className={frame.id === 'phone' ? 'w-full max-w-[260px]' : 'w-full'}>
        <div
          className="overflow-hidden rounded-md border border-line bg-slate-900"
          style={{ width: frame.width * scale, height: frame.height * scale }}
        >
          <div
            style={{
              width: frame.width,
              height: frame.height,
              transform: `scale(${scale})`,
              transformOrigin: 'top left',
            }}
          >
            {children}
          </div>
        </div>
      </div>
    </figure>
  );
}
