import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { api, errorMessage } from '@/lib/api.ts';
import { meQueryKey, useMe } from '@/lib/me.ts';
import { Select } from './ui/field.tsx';

/**
 * The operator's time zone (`PATCH /me {timeZone}`): every date of the back office is shown in
 * it; "Browser" clears it (the browser's zone then).
 */
export function TimeZoneSelect({ className }: { className?: string }) {
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const zones = useMemo(() => ['UTC', ...Intl.supportedValuesOf('timeZone')], []);
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!me) return null;
  const change = async (value: string) => {
    setBusy(true);
    try {
      await api('/me', { method: 'PATCH', body: { timeZone: value === '' ? null : value } });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        Time zone
      </label>
      <Select
        id={id}
        className="h-8 w-44 text-xs"
        value={me.timeZone ?? ''}
        disabled={busy}
        onChange={(event) => void change(event.target.value)}
        title="Dates are shown in this time zone"
      >
        <option value="">Browser ({browser})</option>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </Select>
    </div>
  );
}
