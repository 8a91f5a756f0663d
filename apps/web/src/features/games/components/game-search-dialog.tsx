import { Search } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useViewportWidth } from '@/hooks/use-viewport-width';
import { cn } from '@/lib/cn';
import { useGames } from '../api/get-games';
import { useNavigationCategories } from '../api/get-navigation-categories';
import { useProviders } from '../api/get-providers';
import { searchGridColumns } from '../catalog';
import { createSearchDebouncer, initialSearchState, searchReducer } from '../search-query';
import { GameGrid } from './game-grid';

type FilterTab = 'category' | 'provider';

function FilterChip({
  active,
  label,
  onClick,
}: {
  active: boolean;
  label: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'h-8 shrink-0 cursor-pointer rounded-full px-3 text-xs font-semibold whitespace-nowrap ring-1 transition-colors',
        active
          ? 'bg-brand-500 text-white ring-brand-500'
          : 'bg-ink-800 text-ink-200 ring-ink-700 hover:bg-ink-750 hover:text-ink-100',
      )}
    >
      {label}
    </button>
  );
}

const tabTriggerClassName =
  'h-8 cursor-pointer rounded-lg px-3 text-xs font-semibold text-ink-300 transition-colors hover:text-ink-100 data-[state=active]:bg-ink-700 data-[state=active]:text-ink-100';
const chipStripClassName = 'flex gap-2 overflow-x-auto pb-1 scrollbar-thin';

/**
 * Spec §2 game search modal: the text applies after three characters and 300 ms without
 * typing, typing clears the category and provider filters, the heading reads 'all games' or
 * 'search result', and the grid holds 30 games a page in 3 columns on phones, 5 on larger screens.
 */
export function GameSearchDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(searchReducer, initialSearchState);
  const [query, setQuery] = useState<string | null>(null);
  const [tab, setTab] = useState<FilterTab>('category');
  const debouncer = useRef(createSearchDebouncer(setQuery));
  const columns = searchGridColumns(useViewportWidth());
  const categories = useNavigationCategories({ enabled: open });
  const providers = useProviders({ enabled: open });
  const games = useGames(
    {
      search: query ?? undefined,
      category: state.category ?? undefined,
      provider: state.provider ?? undefined,
    },
    { enabled: open },
  );

  useEffect(() => {
    const current = debouncer.current;
    return () => current.cancel();
  }, []);

  const close = () => onOpenChange(false);
  const reset = () => {
    debouncer.current.cancel();
    dispatch({ type: 'reset' });
    setQuery(null);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={t('Pages.games.search_title')}
        className="flex max-w-5xl flex-col sm:h-[min(calc(100dvh-4rem),56rem)]"
        data-testid="game-search-dialog"
      >
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-400"
            aria-hidden="true"
          />
          <input
            type="search"
            data-testid="search-input"
            value={state.input}
            onChange={(event) => {
              dispatch({ type: 'type', input: event.target.value });
              debouncer.current.input(event.target.value);
            }}
            placeholder={t('Pages.games.search_placeholder')}
            aria-label={t('Pages.games.search_title')}
            className="h-12 w-full rounded-xl border border-ink-600 bg-ink-800 pr-4 pl-10 text-sm text-ink-100 placeholder:text-ink-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
          />
        </div>

        <Tabs.Root
          value={tab}
          onValueChange={(next) => setTab(next === 'provider' ? 'provider' : 'category')}
          className="mt-4"
        >
          <Tabs.List
            aria-label={t('Pages.games.search_filters')}
            className="mb-2.5 inline-flex gap-1 rounded-xl bg-ink-800 p-1"
          >
            <Tabs.Trigger value="category" className={tabTriggerClassName}>
              {t('Pages.games.search_tab_categories')}
            </Tabs.Trigger>
            <Tabs.Trigger value="provider" className={tabTriggerClassName}>
              {t('Pages.games.search_tab_providers')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="category" className={chipStripClassName}>
            <FilterChip
              active={state.category === null}
              label={t('Pages.games.all_categories')}
              onClick={() => dispatch({ type: 'category', value: null })}
            />
            {(categories.data ?? [])
              .filter((category) => category.entity === 'category')
              .map((category) => (
                <FilterChip
                  key={category.id}
                  active={state.category === category.value}
                  label={category.title}
                  onClick={() => dispatch({ type: 'category', value: category.value })}
                />
              ))}
          </Tabs.Content>
          <Tabs.Content value="provider" className={chipStripClassName}>
            <FilterChip
              active={state.provider === null}
              label={t('Pages.games.all_providers')}
              onClick={() => dispatch({ type: 'provider', value: null })}
            />
            {(providers.data ?? []).map((provider) => (
              <FilterChip
                key={provider.id}
                active={state.provider === provider.id}
                label={provider.name}
                onClick={() => dispatch({ type: 'provider', value: provider.id })}
              />
            ))}
          </Tabs.Content>
        </Tabs.Root>

        <h3 className="mt-4 mb-3 text-sm font-bold text-ink-200" data-testid="search-heading">
          {query ? t('Pages.games.search_result') : t('Pages.games.all_games')}
        </h3>
        <div className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1 pb-1 scrollbar-thin">
          <GameGrid query={games} columns={columns} onNavigate={close} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
