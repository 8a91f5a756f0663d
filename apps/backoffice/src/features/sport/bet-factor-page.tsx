import { type SportBetFactor, sportBetFactorSchema } from '@casino/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Page } from '@/components/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardHeader, Stat } from '@/components/ui/card.tsx';
import { InputField } from '@/components/ui/field.tsx';
import { EmptyState, ErrorState, Spinner } from '@/components/ui/states.tsx';
import { api, errorMessage } from '@/lib/api.ts';
import { formatMoney } from '@/lib/format.ts';
import { useCan } from '@/lib/me.ts';

/** A player's bet factor, found by global id: read, and set where the roles allow. */
export function BetFactorPage() {
  const [search, setSearch] = useSearchParams();
  const globalId = search.get('globalId') ?? '';
  const [draft, setDraft] = useState(globalId);
  const factor = useQuery({
    queryKey: ['backoffice', 'sport', 'bet-factor', globalId],
    queryFn: async () =>
      sportBetFactorSchema.parse(
        await api(`/sport/players/${encodeURIComponent(globalId)}/bet-factor`),
      ),
    enabled: /^\d{1,18}$/.test(globalId),
  });
  return (
    <Page
      title="Player bet factors"
      description="Scales a player's maximum stake and liability limit (1 by default; 0 stops the player betting)."
    >
      <Card>
        <form
          className="flex flex-wrap items-end gap-2 p-4"
          onSubmit={(event) => {
            event.preventDefault();
            setSearch(draft.trim() ? { globalId: draft.trim() } : {});
          }}
        >
          <InputField
            label="Player global ID"
            inputMode="numeric"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            inputClassName="w-56"
          />
          <Button type="submit" variant="primary">
            Find
          </Button>
        </form>
      </Card>
      {!globalId ? null : !/^\d{1,18}$/.test(globalId) ? (
        <EmptyState>A global ID is a number.</EmptyState>
      ) : factor.isLoading ? (
        <Spinner />
      ) : factor.isError ? (
        <ErrorState error={factor.error} />
      ) : factor.data ? (
        <FactorCard factor={factor.data} />
      ) : null}
    </Page>
  );
}

function FactorCard({ factor }: { factor: SportBetFactor }) {
  const canSet = useCan('PUT', '/sport/players/:userId/bet-factor');
  const [value, setValue] = useState(factor.betFactor);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api(`/sport/players/${factor.globalId}/bet-factor`, {
        method: 'PUT',
        body: { betFactor: value.trim() },
      });
      toast.success('Bet factor saved');
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'sport', 'bet-factor'] });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card data-testid="bet-factor">
      <CardHeader title={`Player ${factor.globalId}`} />
      <div className="grid grid-cols-2 gap-4 p-4 sm:grid-cols-3">
        <Stat label="Bet factor" value={factor.betFactor} />
        <Stat label="Open liability" value={formatMoney(factor.openLiability, factor.currency)} />
      </div>
      {canSet ? (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2 border-t border-line p-4">
          <InputField
            label="New bet factor (0–100)"
            error={error ?? undefined}
            inputMode="decimal"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            inputClassName="w-32"
          />
          <Button type="submit" variant="primary" loading={busy}>
            Save
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
