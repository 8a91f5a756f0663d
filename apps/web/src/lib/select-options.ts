import type { ReactNode } from 'react';

export interface SelectOption<Value extends string = string> {
  value: Value;
  label: string;
  icon?: ReactNode;
  disabled?: boolean;
}

/** Searchable select: keeps options whose label contains the query, ignoring case and edges. */
export function filterOptions<Option extends Pick<SelectOption, 'label'>>(
  options: readonly Option[],
  query: string,
): Option[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...options];
  return options.filter((option) => option.label.toLocaleLowerCase().includes(needle));
}

/** Multi-select: once the maximum is reached, every option not already chosen is disabled. */
export function isOptionLocked(
  value: string,
  selected: readonly string[],
  maximum: number | undefined,
): boolean {
  if (maximum === undefined) return false;
  return selected.length >= maximum && !selected.includes(value);
}

/** Multi-select toggle that never goes past the maximum. */
export function toggleSelection<Value extends string>(
  selected: readonly Value[],
  value: Value,
  maximum?: number,
): Value[] {
  if (selected.includes(value)) return selected.filter((item) => item !== value);
  if (isOptionLocked(value, selected, maximum)) return [...selected];
  return [...selected, value];
}
