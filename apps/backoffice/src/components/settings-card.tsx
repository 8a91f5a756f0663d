import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';
import { useMutationDialog } from './form-dialog.tsx';
import { Button } from './ui/button.tsx';
import { Card, CardHeader } from './ui/card.tsx';
import { type QueryLike, QueryState } from './ui/states.tsx';

/**
 * A settings card: its header, a spinner or the error while `query` loads, then `children` of
 * the data; `footer` (e.g. a form to add a row) shows whatever the query's state.
 */
export function SettingsCard<T>({
  title,
  description,
  actions,
  query,
  children,
  footer,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} description={description} actions={actions} />
      <QueryState query={query} spinnerClassName="p-4">
        {children}
      </QueryState>
      {footer}
    </Card>
  );
}

/**
 * A card's one form: its fields (`children` of the save's error, for `apiFieldError`), a Save
 * button for those allowed, the save's error that no field shows.
 */
export function SettingForm({
  canSave,
  onSubmit,
  children,
}: {
  canSave: boolean;
  onSubmit: () => Promise<unknown>;
  children: (error: unknown) => ReactNode;
}) {
  const { submit, busy, error, message } = useMutationDialog(onSubmit);
  return (
    <form className="flex flex-col gap-3 p-4" onSubmit={(event) => void submit(event)}>
      <fieldset disabled={!canSave} className="flex flex-col gap-3">
        {children(error)}
      </fieldset>
      {message ? (
        <p className="text-sm text-red-600" role="alert">
          {message}
        </p>
      ) : null}
      {canSave ? (
        <div>
          <Button type="submit" variant="primary" loading={busy}>
            Save
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** A column of a `SettingsTable`: `numeric` ones are right-aligned in tabular figures. */
interface SettingsColumn<Row> {
  header: ReactNode;
  numeric?: boolean;
  className?: string;
  headerClassName?: string;
  cell: (row: Row) => ReactNode;
}

/**
 * A card's small table of every row (no paging: methods, rates, requisites). `action`, for those
 * allowed, adds a last column with the row's button.
 */
export function SettingsTable<Row>({
  rows,
  rowKey,
  columns,
  action,
  rowClassName = 'border-b border-line last:border-0',
  testId,
}: {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly SettingsColumn<Row>[];
  action?: ((row: Row) => ReactNode) | null | undefined;
  rowClassName?: string;
  testId?: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead>
          <tr className="border-b border-line bg-canvas/60 text-xs text-muted">
            {columns.map((column, index) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                key={index}
                className={cn(
                  'px-4 py-2 font-medium',
                  column.numeric && 'text-right',
                  column.headerClassName,
                )}
              >
                {column.header}
              </th>
            ))}
            {action ? <th className="px-4 py-2" /> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName}>
              {columns.map((column, index) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                  key={index}
                  className={cn(
                    'px-4 py-2',
                    column.numeric && 'tabular text-right',
                    column.className,
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
              {action ? <td className="px-4 py-2 text-right">{action(row)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
