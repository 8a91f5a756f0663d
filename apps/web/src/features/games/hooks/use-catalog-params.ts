import type { GameSort } from '@casino/contract';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { parseGameSort } from '../catalog';

export interface CatalogParams {
  sort: GameSort | undefined;
  category: string | undefined;
  provider: string | undefined;
}

/**
 * A list page's sort and entity filters live in the address (`?sort=&category=&provider=`), so a
 * reload or a shared link shows the same list.
 */
export function useCatalogParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params: CatalogParams = {
    sort: parseGameSort(searchParams.get('sort')),
    category: searchParams.get('category') || undefined,
    provider: searchParams.get('provider') || undefined,
  };
  const update = useCallback(
    (changes: Partial<Record<keyof CatalogParams, string | null>>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  return { params, update };
}
