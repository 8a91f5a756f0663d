import type { Locale } from '@casino/contract';
import { az } from './az';
import { en, type Namespace, type PartialTranslation } from './en';
import { hi } from './hi';
import { id } from './id';
import { kk } from './kk';
import { pl } from './pl';
import { ru } from './ru';
import { uk } from './uk';
import { uz } from './uz';

export const resources: Record<Locale, PartialTranslation> = { en, ru, uk, kk, az, uz, hi, pl, id };
export const namespaces = Object.keys(en) as Namespace[];
