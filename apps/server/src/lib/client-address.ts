import { isIP } from 'node:net';

/** `::ffff:203.0.113.7` (IPv4 on a dual-stack socket) → `203.0.113.7`. */
export function normaliseIpAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** A value safe to store in an `inet` column, or null. */
export function toInetOrNull(address: string | undefined): string | null {
  if (!address) return null;
  const normalised = normaliseIpAddress(address);
  return isIP(normalised) === 0 ? null : normalised;
}
