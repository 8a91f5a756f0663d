import { useSyncExternalStore } from 'react';
import { readPromoCookie, subscribePromoCookie } from '../promo-cookie';

/** The promo info cookie's content, updated after an activation or a close. */
export function usePromoCookie() {
  return useSyncExternalStore(subscribePromoCookie, readPromoCookie, () => null);
}
