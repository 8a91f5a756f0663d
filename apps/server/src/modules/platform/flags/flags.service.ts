import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** Country flags (3:2 SVG) from the country-flag-icons package, kept in memory once read. */
export class FlagsService {
  private readonly directory = join(
    dirname(require.resolve('country-flag-icons/package.json')),
    '3x2',
  );
  private readonly cache = new Map<string, Buffer | null>();

  /** `countryCode` must be two upper-case letters; null when there is no such flag. */
  async svg(countryCode: string): Promise<Buffer | null> {
    if (!/^[A-Z]{2}$/.test(countryCode)) return null;
    const cached = this.cache.get(countryCode);
    if (cached !== undefined) return cached;
    const svg = await readFile(join(this.directory, `${countryCode}.svg`)).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      },
    );
    this.cache.set(countryCode, svg);
    return svg;
  }
}
