import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { effectiveSearchQuery, searchDebounceMs } from '../search-query';
import { GameGridEmpty } from './game-grid-state';

/**
 * Game search: the text applies after three characters and 300 ms without typing. The catalog
 * is empty until games are published, so every search answers 'not found'.
 */
export function GameSearchDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [query, setQuery] = useState<string | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(effectiveSearchQuery(input)), searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [input]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setInput('');
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={t('Pages.games.search_title')}
        className="max-w-3xl"
        data-testid="game-search-dialog"
      >
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-400"
            aria-hidden="true"
          />
          <input
            type="search"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            placeholder={t('Pages.games.search_placeholder')}
            aria-label={t('Pages.games.search_title')}
            className="h-12 w-full rounded-xl border border-ink-600 bg-ink-800 pr-4 pl-10 text-sm text-ink-100 placeholder:text-ink-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
          />
        </div>
        <h3 className="mt-5 mb-3 text-sm font-bold text-ink-200">
          {query ? t('Pages.games.search_result') : t('Pages.games.all_games')}
        </h3>
        <GameGridEmpty />
      </DialogContent>
    </Dialog>
  );
}
