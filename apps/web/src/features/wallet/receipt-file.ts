import { receiptMaxBytes } from '@casino/contract';

/** Receipts are images only, at most `receiptMaxBytes`; returns the Validation key of a problem. */
export function receiptFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return 'Validation.invalid_file';
  if (file.size > receiptMaxBytes) return 'Validation.file_too_large';
  return null;
}

/** Reads a file as a `data:…;base64,…` URL, the form the receipt and dispute bodies carry. */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('The file could not be read as a data URL'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
