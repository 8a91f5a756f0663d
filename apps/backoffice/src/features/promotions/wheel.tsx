import {
  backofficeWheelPrizesSchema,
  type wheelBalanceTypes,
  wheelPrizeChance,
  wheelPrizesBodySchema,
} from '@casino/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import {
  applyServerErrors,
  emptyToNull,
  FormError,
  fieldError,
} from '@/components/form-support.tsx';
import { Page } from '@/components/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardHeader } from '@/components/ui/card.tsx';
import { Input, Select } from '@/components/ui/field.tsx';
import { QueryState } from '@/components/ui/states.tsx';
import { api } from '@/lib/api.ts';
import { useCan } from '@/lib/me.ts';

interface PrizeRow {
  id?: string | undefined;
  amountUsd: string;
  balanceType: (typeof wheelBalanceTypes)[number];
  weight: number;
  promoCode: string | null;
}
interface WheelForm {
  items: PrizeRow[];
}

const wheelKey = ['backoffice', 'wheel-prizes'] as const;

function WheelEditor({ initial, editable }: { initial: PrizeRow[]; editable: boolean }) {
  const queryClient = useQueryClient();
  const form = useForm<WheelForm>({
    defaultValues: { items: initial },
    resolver: zodResolver(wheelPrizesBodySchema as never) as never,
  });
  const { register, control, handleSubmit, formState, setError, reset } = form;
  const rows = useFieldArray({ control, name: 'items' });
  // every keystroke re-renders the table, so each chance follows the weights as they are typed
  const watched = form.watch('items') ?? [];
  const total = watched.reduce((sum, row) => sum + (Number(row?.weight) || 0), 0);
  const error = (path: string) => fieldError(formState.errors, path);

  const save = handleSubmit(async (values) => {
    try {
      const saved = backofficeWheelPrizesSchema.parse(
        await api('/wheel/prizes', { method: 'PUT', body: values }),
      );
      queryClient.setQueryData(wheelKey, saved);
      reset({ items: saved.items.map(toRow) });
    } catch (failure) {
      applyServerErrors(failure, setError, ['items']);
    }
  });

  return (
    <form onSubmit={save} noValidate>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm" data-testid="wheel-prizes">
          <thead>
            <tr className="border-b border-line bg-canvas/60 text-xs text-muted">
              <th className="px-4 py-2 font-medium">#</th>
              <th className="px-4 py-2 font-medium">Amount, USD</th>
              <th className="px-4 py-2 font-medium">Paid as</th>
              <th className="px-4 py-2 font-medium">Promo code</th>
              <th className="px-4 py-2 text-right font-medium">Weight</th>
              <th className="px-4 py-2 text-right font-medium">Probability</th>
              <th className="px-4 py-2" />
            </tr>
          </thead>
          <tbody>
            {rows.fields.map((row, index) => {
              const rowError =
                error(`items.${index}.amountUsd`) ??
                error(`items.${index}.weight`) ??
                error(`items.${index}.promoCode`) ??
                error(`items.${index}.balanceType`);
              return (
                <tr key={row.id} className="border-b border-line align-middle last:border-0">
                  <td className="px-4 py-1.5 tabular text-muted">{index + 1}</td>
                  <td className="px-4 py-1.5">
                    <Input
                      aria-label={`Prize ${index + 1} amount`}
                      inputMode="decimal"
                      disabled={!editable}
                      className="w-28"
                      aria-invalid={error(`items.${index}.amountUsd`) ? true : undefined}
                      {...register(`items.${index}.amountUsd`)}
                    />
                    {rowError ? <p className="mt-1 text-xs text-red-600">{rowError}</p> : null}
                  </td>
                  <td className="px-4 py-1.5">
                    <Select
                      aria-label={`Prize ${index + 1} balance`}
                      disabled={!editable}
                      className="w-40"
                      {...register(`items.${index}.balanceType`)}
                    >
                      <option value="main">Main balance</option>
                      <option value="other">Wheel bonus</option>
                    </Select>
                  </td>
                  <td className="px-4 py-1.5">
                    <Input
                      aria-label={`Prize ${index + 1} promo code`}
                      disabled={!editable}
                      className="w-32"
                      {...register(`items.${index}.promoCode`, { setValueAs: emptyToNull })}
                    />
                  </td>
                  <td className="px-4 py-1.5 text-right">
                    <Input
                      aria-label={`Prize ${index + 1} weight`}
                      type="number"
                      min={0}
                      disabled={!editable}
                      className="ml-auto w-24 text-right"
                      aria-invalid={error(`items.${index}.weight`) ? true : undefined}
                      {...register(`items.${index}.weight`, { valueAsNumber: true })}
                    />
                  </td>
                  <td
                    className="tabular px-4 py-2 text-right font-medium whitespace-nowrap"
                    data-testid={`wheel-probability-${index}`}
                  >
                    {wheelPrizeChance(Number(watched[index]?.weight), total)}
                  </td>
                  <td className="px-4 py-1.5">
                    {editable ? (
                      <div className="flex justify-end gap-0.5">
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label="Move up"
                          disabled={index === 0}
                          onClick={() => rows.move(index, index - 1)}
                        >
                          <ArrowUp className="size-3.5" />
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label="Move down"
                          disabled={index === rows.fields.length - 1}
                          onClick={() => rows.move(index, index + 1)}
                        >
                          <ArrowDown className="size-3.5" />
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label="Remove prize"
                          onClick={() => rows.remove(index)}
                        >
                          <Trash2 className="size-3.5" />
                        </Button>
                      </div>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr className="border-t border-line text-xs text-muted">
              <td className="px-4 py-1.5" colSpan={4}>
                {rows.fields.length === 0 ? 'No prizes: the wheel is off.' : null}
              </td>
              <td className="tabular px-4 py-2 text-right">Σ {total}</td>
              <td className="tabular px-4 py-2 text-right">{total > 0 ? '100 %' : '—'}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      {editable ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line px-4 py-3">
          <Button
            size="sm"
            onClick={() =>
              rows.append({ amountUsd: '1', balanceType: 'main', weight: 1, promoCode: null })
            }
          >
            <Plus className="size-3.5" /> Prize
          </Button>
          <div className="flex items-center gap-2">
            <FormError message={error('items') ?? formState.errors.root?.server?.message} />
            <Button
              type="submit"
              variant="primary"
              loading={formState.isSubmitting}
              disabled={!formState.isDirty}
            >
              Save prizes
            </Button>
          </div>
        </div>
      ) : null}
    </form>
  );
}

function toRow(prize: {
  id: string;
  amountUsd: string;
  balanceType: PrizeRow['balanceType'];
  weight: number;
  promoCode: string | null;
}): PrizeRow {
  return {
    id: prize.id,
    amountUsd: prize.amountUsd,
    balanceType: prize.balanceType,
    weight: prize.weight,
    promoCode: prize.promoCode,
  };
}

export function WheelPage() {
  const editable = useCan('PUT', '/wheel/prizes');
  const prizes = useQuery({
    queryKey: wheelKey,
    queryFn: async () => backofficeWheelPrizesSchema.parse(await api('/wheel/prizes')),
  });
  return (
    <Page
      title="Wheel of luck"
      description="Prizes in wheel order. Each prize's chance is its weight over the total weight."
    >
      <Card>
        <CardHeader title="Prizes and weights" />
        <QueryState query={prizes} spinnerClassName="p-6">
          {(data) => <WheelEditor initial={data.items.map(toRow)} editable={editable} />}
        </QueryState>
      </Card>
    </Page>
  );
}
