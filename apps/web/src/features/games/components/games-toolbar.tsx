import { type GameSort, gameSorts } from '@casino/contract';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchableSelect } from '@/components/select/searchable-select';
import { SingleSelect } from '@/components/select/single-select';
import { useNavigationCategories } from '../api/get-navigation-categories';
import { useProviders } from '../api/get-providers';
import type { CatalogParams } from '../hooks/use-catalog-params';

function ToolbarField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 basis-40 flex-col gap-1 sm:max-w-56">
      <label
        htmlFor={id}
        className="text-[11px] font-semibold tracking-wide text-ink-400 uppercase"
      >
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** The "everything" choice of an entity filter (select values cannot be empty). */
const allValue = '*';

/**
 * Spec §2: sort by rate, title, popularity or recency, and the entity scope filters (category,
 * provider) a list page offers besides its own scope.
 */
export function GamesToolbar({
  params,
  onChange,
  filters,
}: {
  params: CatalogParams;
  onChange: (changes: Partial<Record<keyof CatalogParams, string | null>>) => void;
  filters: readonly ('category' | 'provider')[];
}) {
  const { t } = useTranslation();
  const categories = useNavigationCategories();
  const providers = useProviders();

  const sortOptions = gameSorts.map((sort) => ({
    value: sort,
    label: t(`Pages.games.sort.${sort}`),
  }));
  const categoryOptions = [
    { value: allValue, label: t('Pages.games.all_categories') },
    ...(categories.data ?? [])
      .filter((category) => category.entity === 'category')
      .map((category) => ({ value: category.value, label: category.title })),
  ];
  const providerOptions = [
    { value: allValue, label: t('Pages.games.all_providers') },
    ...(providers.data ?? []).map((provider) => ({ value: provider.id, label: provider.name })),
  ];

  return (
    <div className="mb-5 flex flex-wrap items-center gap-2.5" data-testid="games-toolbar">
      <ToolbarField label={t('Pages.games.sort_label')}>
        {(id) => (
          <SingleSelect<GameSort>
            id={id}
            options={sortOptions}
            value={params.sort}
            placeholder={t('Pages.games.sort_default')}
            onChange={(sort) => onChange({ sort })}
            className="h-10"
          />
        )}
      </ToolbarField>
      {filters.includes('category') ? (
        <ToolbarField label={t('Pages.games.filter_category')}>
          {(id) => (
            <SearchableSelect
              id={id}
              options={categoryOptions}
              value={params.category ?? allValue}
              onChange={(value) => onChange({ category: value === allValue ? null : value })}
              className="h-10"
            />
          )}
        </ToolbarField>
      ) : null}
      {filters.includes('provider') ? (
        <ToolbarField label={t('Pages.games.filter_provider')}>
          {(id) => (
            <SearchableSelect
              id={id}
              options={providerOptions}
              value={params.provider ?? allValue}
              onChange={(value) => onChange({ provider: value === allValue ? null : value })}
              className="h-10"
            />
          )}
        </ToolbarField>
      ) : null}
    </div>
  );
}
