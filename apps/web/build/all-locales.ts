/** Every language's texts, evaluated at build time in one go by `locale-parts.ts`. */
export { az } from '../src/locales/az/index.ts';
export { en } from '../src/locales/en/index.ts';
export { hi } from '../src/locales/hi/index.ts';
export { id } from '../src/locales/id/index.ts';
export { kk } from '../src/locales/kk/index.ts';
export { pl } from '../src/locales/pl/index.ts';
export { ru } from '../src/locales/ru/index.ts';
export { uk } from '../src/locales/uk/index.ts';
export { uz } from '../src/locales/uz/index.ts';
