import { isSupportedLocale, type Language } from '@casino/contract';
import type { LanguagesRepository } from './languages.repository.ts';

export interface LanguagesServiceDependencies {
  repository: LanguagesRepository;
}

export class LanguagesService {
  private readonly repository: LanguagesRepository;

  constructor({ repository }: LanguagesServiceDependencies) {
    this.repository = repository;
  }

  /**
   * Enabled languages the player app ships a locale for (the picker's `mode=1`). A language the
   * operator enabled before its translations exist is left out rather than offered broken.
   */
  async listSupported(): Promise<Language[]> {
    const rows = await this.repository.listEnabled();
    const languages: Language[] = [];
    for (const row of rows) {
      if (isSupportedLocale(row.code)) {
        languages.push({ code: row.code, title: row.title, icon: row.icon });
      }
    }
    return languages;
  }
}
