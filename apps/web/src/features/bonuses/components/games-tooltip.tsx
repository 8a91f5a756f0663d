import { type GameWager, gamesTooltip } from '@casino/contract';
import { Gamepad2 } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The games a bonus is wagered on (spec §9): the first 10 titles with their contribution, then
 * '+N'. Opens on hover with a mouse and on tap on a phone, where a hover tooltip cannot show.
 * An empty list means every game counts in full.
 */
export function GamesTooltip({ games }: { games: readonly GameWager[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (games.length === 0) {
    return (
      <span className="inline-flex items-center gap-1.5 text-xs font-medium text-ink-200">
        <Gamepad2 className="size-3.5 text-ink-300" aria-hidden="true" />
        {t('Bonuses.games_all')}
      </span>
    );
  }
  const { titles, restCount } = gamesTooltip(games);
  const shown = games.slice(0, titles.length);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        data-testid="bonus-games-tooltip-trigger"
        onPointerEnter={(event) => {
          if (event.pointerType === 'mouse') setOpen(true);
        }}
        onPointerLeave={(event) => {
          if (event.pointerType === 'mouse') setOpen(false);
        }}
        className="inline-flex cursor-pointer items-center gap-1.5 rounded-md text-xs font-medium text-brand-300 underline decoration-dotted underline-offset-4 hover:text-brand-300/80"
      >
        <Gamepad2 className="size-3.5" aria-hidden="true" />
        {t('Bonuses.games_count', { count: games.length })}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          role="tooltip"
          data-testid="bonus-games-tooltip"
          side="top"
          sideOffset={6}
          collisionPadding={12}
          onOpenAutoFocus={(event) => event.preventDefault()}
          className="z-[60] w-64 animate-fade-in rounded-xl border border-ink-600 bg-ink-750 p-3 text-xs shadow-xl shadow-black/40"
        >
          <ul className="flex flex-col gap-1">
            {shown.map((game) => (
              <li key={game.gameId} className="flex items-center justify-between gap-3">
                <span className="truncate text-ink-100">{game.title}</span>
                <span className="shrink-0 text-ink-300 tabular-nums">{game.percent}%</span>
              </li>
            ))}
          </ul>
          {restCount > 0 ? (
            <p className="mt-2 border-t border-ink-600 pt-2 font-semibold text-ink-200">
              {t('Bonuses.games_more', { count: restCount })}
            </p>
          ) : null}
          <Popover.Arrow className="fill-ink-750" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
