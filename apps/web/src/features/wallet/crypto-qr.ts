/** Spec §9: the deposit QR code is 188 px with a 36 px coin logo, error level L, saved as PNG. */
export const cryptoQrSizePx = 188;
export const cryptoQrLogoPx = 36;
export const cryptoQrLevel = 'L';

/** A file name that says what the picture is: `USDTTRC20-deposit-address.png`. */
export function cryptoQrFileName(code: string): string {
  return `${code}-deposit-address.png`;
}

/** Saves a canvas as a PNG download. */
export function downloadCanvasPng(canvas: HTMLCanvasElement, fileName: string): void {
  const link = document.createElement('a');
  link.href = canvas.toDataURL('image/png');
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
