import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { ReceiptStore } from './receipt-store.ts';

// the smallest valid PNG: one transparent pixel
const onePixelPng =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

test('the first receipt makes only its own folder private: DATA_DIR stays passable for PostgreSQL', async () => {
  root = await mkdtemp(join(tmpdir(), 'receipts-'));
  const dataDirectory = join(root, 'data');
  const store = new ReceiptStore(dataDirectory);

  const stored = await store.save(onePixelPng, 'fileContent');

  expect((await stat(dataDirectory)).mode & 0o777).toBe(0o755 & ~process.umask());
  expect((await stat(join(dataDirectory, 'receipts'))).mode & 0o777).toBe(0o700);
  expect((await store.read(stored.fileName)).length).toBeGreaterThan(0);
  // a second receipt finds the folder there
  await store.save(onePixelPng, 'fileContent');
});
