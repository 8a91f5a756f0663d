import type { OddsFormat } from '@casino/contract';
import { type ReactNode, useMemo } from 'react';
import { useMe } from '@/features/profile/api/get-me';
import { useUpdateMe } from '@/features/profile/api/update-me';
import { ProfileOddsFormatProvider } from '@/features/sportsbook/hooks/use-odds-format';

/**
 * A signed-in player's odds format is the profile's `oddsFormat` (`PATCH /api/v1/me`), the same
 * on every device; a guest's stays in this browser (`useOddsFormat`).
 */
export function AppOddsFormat({ children }: { children: ReactNode }) {
  const me = useMe();
  const { mutate } = useUpdateMe();
  const format = me.data?.oddsFormat;
  const value = useMemo(
    () =>
      format === undefined
        ? null
        : { format, change: (next: OddsFormat) => mutate({ oddsFormat: next }) },
    [format, mutate],
  );
  return <ProfileOddsFormatProvider value={value}>{children}</ProfileOddsFormatProvider>;
}
