import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { receiptMaxBytes } from '@casino/contract';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../../../../lib/app-error.ts';

/** Image types a receipt may be, judged by the bytes, never by the name or the data URL. */
const allowedMimeTypes = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/heic',
]);

function fileError(field: string, message: string): AppError {
  return new AppError('validation_error', { payload: { fields: [{ field, message }] } });
}

export interface StoredReceipt {
  fileName: string;
  mimeType: string;
}

/**
 * Receipt and dispute images on disk under DATA_DIR/receipts: outside the web root, named by a
 * random id (never the client's file name), served back only through the wallet's access checks.
 */
export class ReceiptStore {
  private readonly directory: string;

  constructor(private readonly dataDirectory: string) {
    this.directory = join(dataDirectory, 'receipts');
  }

  /**
   * Only the receipts folder is private. DATA_DIR itself keeps the usual mode: the embedded
   * PostgreSQL, running as its own user, must pass through it to its data directory.
   */
  private async ensureDirectory(): Promise<void> {
    await mkdir(this.dataDirectory, { recursive: true });
    await mkdir(this.directory, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }

  /** Decodes a data URL, checks size and content, stores it. `field` names the body field. */
  async save(dataUrl: string, field: string): Promise<StoredReceipt> {
    const comma = dataUrl.indexOf(',');
    const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
    if (bytes.length === 0) throw fileError(field, 'Validation.invalid_file');
    if (bytes.length > receiptMaxBytes) throw fileError(field, 'Validation.file_too_large');
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !allowedMimeTypes.has(type.mime)) throw fileError(field, 'Validation.image_only');
    await this.ensureDirectory();
    const fileName = `${randomUUID()}.${type.ext}`;
    await writeFile(join(this.directory, fileName), bytes, { mode: 0o600, flag: 'wx' });
    return { fileName, mimeType: type.mime };
  }

  async read(fileName: string): Promise<Buffer> {
    if (!/^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/.test(fileName)) throw new AppError('not_found');
    try {
      return await readFile(join(this.directory, fileName));
    } catch (error) {
      // a file gone from disk (another DATA_DIR, a cleanup) is missing, not a server fault
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('not_found');
      throw error;
    }
  }

  /** Removes a file whose order change did not commit. */
  async remove(fileName: string): Promise<void> {
    await rm(join(this.directory, fileName), { force: true });
  }
}
