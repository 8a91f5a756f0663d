import geoip from 'geoip-country';
import { AppError } from '../../../lib/app-error.ts';
import { normaliseIpAddress } from '../../../lib/client-address.ts';
import type { SettingsService } from '../../backoffice/settings/settings.service.ts';

/** ISO country of an IP from the database shipped in the geoip-country package; no network. */
export function countryOfIp(ip: string): string | null {
  return geoip.lookup(normaliseIpAddress(ip))?.country ?? null;
}

export interface RegionServiceDependencies {
  settings: SettingsService;
}

export class RegionService {
  private readonly settings: SettingsService;

  constructor({ settings }: RegionServiceDependencies) {
    this.settings = settings;
  }

  /** 451 region_restricted when the IP's country is restricted; unknown countries pass. */
  async assertAllowed(ip: string): Promise<void> {
    const country = countryOfIp(ip);
    if (country === null) return;
    const restricted = await this.settings.restrictedCountrySet();
    if (restricted.has(country)) {
      throw new AppError('region_restricted', {
        payload: { country, ip: normaliseIpAddress(ip) },
      });
    }
  }
}
