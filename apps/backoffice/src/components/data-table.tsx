import { type BaseRecord, type CrudFilter, type CrudSort, useTable } from '@refinedev/core';
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { errorMessage, toQueryString } from '@/lib/api.ts';
import { cn } from '@/lib/cn.ts';
import { downloadText, toCsv } from '@/lib/csv.ts';
import { dataProvider } from '@/lib/data-provider.ts';
import { instantOfZonedInput, useTimeZone, zonedInputValue } from '@/lib/format.ts';
import { Button } from './ui/button.tsx';
import { Input, Select } from './ui/field.tsx';
import { EmptyState, ErrorState, Spinner } from './ui/states.tsx';

export interface Column<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** the server's sort key; the header becomes a sort toggle */
  sortField?: string;
  /** the CSV cell (client-side export); default: none for this column */
  csv?: (row: Row) => string | number | null | undefined;
  className?: string;
  /** right-aligned (amounts) */
  numeric?: boolean;
}

export type FilterDefinition =
  | { field: string; label: string; type: 'text'; placeholder?: string }
  | { field: string; label: string; type: 'select'; options: { value: string; label: string }[] }
  | {
      field: string;
      label: string;
      type: 'date';
      operator: 'gte' | 'lte';
      /**
       * `instant`: the day is read in the operator's time zone and sent as the instant it starts
       * (gte) or the next day's start (lte), for routes that take an instant `…To` as an
       * excluded end; `day` (default): sent as `YYYY-MM-DD` (routes that read days themselves,
       * in a `timeZone` the table sends)
       */
      send?: 'day' | 'instant';
    };

export interface DataTableProps<Row extends BaseRecord> {
  /** a registered resource name or a path under the operator API */
  resource: string;
  columns: Column<Row>[];
  filters?: FilterDefinition[];
  /** filters always sent (a player's globalId, a status of this queue) */
  permanentFilters?: CrudFilter[];
  initialSorters?: CrudSort[];
  pageSize?: number;
  /** `:params` of the resource's path */
  params?: Record<string, string | number>;
  /** CSV: the server's export (a path with the current filters as query) or built from the rows */
  csv?: { filename: string; serverPath?: string };
  onRowClick?: (row: Row) => void;
  rowKey?: (row: Row) => string;
  empty?: ReactNode;
  /** keep the page, sort and filters in the address (shareable); one table per page may */
  syncWithLocation?: boolean;
  /** refetch every n ms (queues without a live feed) */
  refetchInterval?: number;
  toolbar?: ReactNode;
}

/**
 * A day of the operator's calendar as the instant it starts (gte) or the next day's start, an
 * excluded end (lte).
 */
function dayBoundary(day: string, operator: 'gte' | 'lte', timeZone: string): string | null {
  if (operator === 'gte') return instantOfZonedInput(`${day}T00:00`, timeZone);
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return instantOfZonedInput(`${next.toISOString().slice(0, 10)}T00:00`, timeZone);
}

/** Most exports an operator wants fit here; a bigger one is the server's CSV route's job. */
const clientCsvMaximumRows = 5_000;

/**
 * A server-paginated, sortable, filterable list (Refine's `useTable` over the data provider),
 * with CSV export. Cells render text through React, so what players wrote is always escaped.
 */
export function DataTable<Row extends BaseRecord>({
  resource,
  columns,
  filters: filterDefinitions = [],
  permanentFilters,
  initialSorters,
  pageSize = 25,
  params,
  csv,
  onRowClick,
  rowKey,
  empty = 'Nothing here yet.',
  syncWithLocation = false,
  refetchInterval,
  toolbar,
}: DataTableProps<Row>) {
  const timeZone = useTimeZone();
  const meta = params ? { params } : undefined;
  const table = useTable<Row>({
    resource,
    pagination: { pageSize },
    sorters: { initial: initialSorters ?? [] },
    filters: { permanent: permanentFilters ?? [], defaultBehavior: 'merge' },
    syncWithLocation,
    ...(meta ? { meta } : {}),
    queryOptions: refetchInterval ? { refetchInterval } : {},
  });
  const { tableQuery, currentPage, setCurrentPage, pageCount, sorters, setSorters, filters } =
    table;
  const rows = table.result.data;
  const total = table.result.total ?? 0;
  // a long list is counted up to 1,000 rows past the page: more pages follow than are counted
  const totalCapped =
    (tableQuery.data as { totalCapped?: boolean } | undefined)?.totalCapped ?? false;

  const filterValue = (field: string, operator?: string) => {
    const found = filters.find(
      (filter) =>
        'field' in filter && filter.field === field && (!operator || filter.operator === operator),
    );
    const value = found && 'field' in found ? String(found.value ?? '') : '';
    if (value.length <= 10) return value;
    // an instant sent for a day shows as that day of the operator's calendar (an end: the day
    // before the next day's start)
    const shown = operator === 'lte' ? new Date(Date.parse(value) - 1).toISOString() : value;
    return zonedInputValue(shown, timeZone).slice(0, 10);
  };
  const setFilter = (definition: FilterDefinition, value: string) => {
    const operator =
      definition.type === 'date'
        ? definition.operator
        : definition.type === 'text'
          ? 'contains'
          : 'eq';
    let sent = value || undefined;
    if (sent && definition.type === 'date' && definition.send === 'instant') {
      sent = dayBoundary(sent, definition.operator, timeZone) ?? undefined;
    }
    table.setFilters([{ field: definition.field, operator, value: sent }], 'merge');
    setCurrentPage(1);
  };
  const toggleSort = (field: string) => {
    const current = sorters[0];
    if (current?.field !== field) setSorters([{ field, order: 'desc' }]);
    else setSorters([{ field, order: current.order === 'desc' ? 'asc' : 'desc' }]);
  };

  return (
    <div className="min-w-0">
      {filterDefinitions.length > 0 || csv || toolbar ? (
        <div className="flex flex-wrap items-end gap-2 border-b border-line px-4 py-3">
          {filterDefinitions.map((definition) => (
            <FilterControl
              key={`${definition.field}-${definition.type === 'date' ? definition.operator : ''}`}
              definition={definition}
              value={filterValue(
                definition.field,
                definition.type === 'date' ? definition.operator : undefined,
              )}
              onChange={(value) => setFilter(definition, value)}
            />
          ))}
          <div className="ml-auto flex items-center gap-2">
            {toolbar}
            {csv ? (
              <CsvButton
                csv={csv}
                resource={resource}
                columns={columns}
                filters={filters}
                sorters={sorters}
                meta={meta}
              />
            ) : null}
          </div>
        </div>
      ) : null}
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <thead>
            <tr className="border-b border-line bg-canvas/60 text-xs text-muted">
              {columns.map((column) => {
                const sorted =
                  column.sortField && sorters[0]?.field === column.sortField
                    ? sorters[0].order
                    : null;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                    }
                    className={cn(
                      'px-4 py-2 font-medium whitespace-nowrap',
                      column.numeric && 'text-right',
                      column.className,
                    )}
                  >
                    {column.sortField ? (
                      <button
                        type="button"
                        className="inline-flex cursor-pointer items-center gap-1 hover:text-ink"
                        onClick={() => toggleSort(column.sortField as string)}
                      >
                        {column.header}
                        {sorted === 'asc' ? (
                          <ArrowUp className="size-3" />
                        ) : sorted === 'desc' ? (
                          <ArrowDown className="size-3" />
                        ) : null}
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr
                key={rowKey ? rowKey(row) : String(row.id ?? index)}
                className={cn(
                  'border-b border-line last:border-0',
                  onRowClick && 'cursor-pointer hover:bg-canvas/70',
                )}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
              >
                {columns.map((column) => (
                  <td
                    key={column.id}
                    className={cn(
                      'px-4 py-2 align-middle',
                      column.numeric && 'tabular text-right whitespace-nowrap',
                      column.className,
                    )}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {tableQuery.isLoading ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : tableQuery.isError ? (
          <ErrorState error={tableQuery.error} />
        ) : rows.length === 0 ? (
          <EmptyState>{empty}</EmptyState>
        ) : null}
      </div>
      <div className="flex items-center justify-between gap-2 border-t border-line px-4 py-2 text-xs text-muted">
        <span className="tabular" data-testid="table-total">
          {total.toLocaleString('en')}
          {totalCapped ? '+ rows' : total === 1 ? ' row' : ' rows'}
        </span>
        <div className="flex items-center gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-label="Previous page"
            disabled={currentPage <= 1}
            onClick={() => setCurrentPage(currentPage - 1)}
          >
            <ChevronLeft className="size-4" />
          </Button>
          <span className="tabular px-1">
            {currentPage} / {Math.max(pageCount, 1)}
            {totalCapped ? '+' : ''}
          </span>
          <Button
            size="sm"
            variant="ghost"
            aria-label="Next page"
            disabled={currentPage >= pageCount}
            onClick={() => setCurrentPage(currentPage + 1)}
          >
            <ChevronRight className="size-4" />
          </Button>
        </div>
      </div>
    </div>
  );
}

function FilterControl({
  definition,
  value,
  onChange,
}: {
  definition: FilterDefinition;
  value: string;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const id = useId();
  const label = (
    <label htmlFor={id} className="text-xs text-muted">
      {definition.label}
    </label>
  );
  if (definition.type === 'select') {
    return (
      <div className="flex flex-col gap-1">
        {label}
        <Select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="w-auto min-w-32"
        >
          <option value="">All</option>
          {definition.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
    );
  }
  if (definition.type === 'date') {
    return (
      <div className="flex flex-col gap-1">
        {label}
        <Input
          id={id}
          type="date"
          value={value.slice(0, 10)}
          onChange={(event) => onChange(event.target.value)}
          className="w-auto"
        />
      </div>
    );
  }
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        onChange(text.trim());
      }}
    >
      <div className="flex flex-col gap-1">
        {label}
        <Input
          id={id}
          type="search"
          value={text}
          placeholder={definition.placeholder}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => text.trim() !== value && onChange(text.trim())}
          className="w-56"
        />
      </div>
    </form>
  );
}

function CsvButton<Row extends BaseRecord>({
  csv,
  resource,
  columns,
  filters,
  sorters,
  meta,
}: {
  csv: { filename: string; serverPath?: string };
  resource: string;
  columns: Column<Row>[];
  filters: CrudFilter[];
  sorters: CrudSort[];
  meta: { params: Record<string, string | number> } | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (csv.serverPath) {
    const query: Record<string, string> = {};
    for (const filter of filters) {
      if ('field' in filter && filter.value !== undefined && filter.value !== '') {
        const key =
          filter.operator === 'gte'
            ? `${filter.field}From`
            : filter.operator === 'lte'
              ? `${filter.field}To`
              : filter.field;
        query[key] = String(filter.value);
      }
    }
    return (
      <Button size="sm" asChild>
        <a
          href={`/api/backoffice/v1${csv.serverPath}${toQueryString(query)}`}
          download={csv.filename}
        >
          <Download className="size-3.5" /> CSV
        </a>
      </Button>
    );
  }
  const exportable = columns.filter((column) => column.csv);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const rows: Row[] = [];
      for (let page = 1; rows.length < clientCsvMaximumRows; page += 1) {
        const result = await dataProvider.getList<Row>({
          resource,
          pagination: { currentPage: page, pageSize: 100, mode: 'server' },
          filters,
          sorters,
          ...(meta ? { meta } : {}),
        });
        rows.push(...result.data);
        if (result.data.length < 100 || rows.length >= (result.total ?? 0)) break;
      }
      const header = exportable.map((column) =>
        typeof column.header === 'string' ? column.header : column.id,
      );
      const body = rows.map((row) => exportable.map((column) => column.csv?.(row)));
      downloadText(csv.filename, toCsv([header, ...body]));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {error ? <span className="text-xs text-red-600">{error}</span> : null}
      <Button
        size="sm"
        onClick={() => void run()}
        loading={busy}
        disabled={exportable.length === 0}
      >
        <Download className="size-3.5" /> CSV
      </Button>
    </>
  );
}
