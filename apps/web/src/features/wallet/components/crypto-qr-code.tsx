import { Download } from 'lucide-react';
import { QRCodeCanvas } from 'qrcode.react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  cryptoQrFileName,
  cryptoQrLevel,
  cryptoQrLogoPx,
  cryptoQrSizePx,
  downloadCanvasPng,
} from '../crypto-qr';

export interface CryptoQrCodeProps {
  /** what the code holds: the deposit address */
  value: string;
  /** the coin logo drawn in the middle (same-origin, so the canvas stays exportable) */
  logo: string;
  code: string;
}

/** The deposit address as a QR code with the coin in the middle, savable as a PNG image. */
export function CryptoQrCode({ value, logo, code }: CryptoQrCodeProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  return (
    <div className="flex flex-col items-center gap-2">
      <div className="rounded-2xl bg-white p-2.5 shadow-lg shadow-black/20">
        <QRCodeCanvas
          ref={canvas}
          value={value}
          size={cryptoQrSizePx}
          level={cryptoQrLevel}
          marginSize={1}
          title={t('wallet.crypto.qr_label')}
          role="img"
          aria-label={t('wallet.crypto.qr_label')}
          data-testid="crypto-deposit-qr"
          imageSettings={
            logo
              ? {
                  src: logo,
                  height: cryptoQrLogoPx,
                  width: cryptoQrLogoPx,
                  excavate: true,
                  crossOrigin: 'anonymous',
                }
              : undefined
          }
        />
      </div>
      <Button
        variant="ghost"
        size="sm"
        data-testid="crypto-save-qr"
        onClick={() => {
          if (canvas.current) downloadCanvasPng(canvas.current, cryptoQrFileName(code));
        }}
      >
        <Download className="size-3.5" aria-hidden="true" />
        {t('wallet.crypto.save_qr')}
      </Button>
    </div>
  );
}
