import { type GameSession, gameUnavailablePayloadSchema } from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Ban, Gamepad2, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { gameQueryOptions, useGame } from '@/features/games/api/get-game';
import { useGameSession } from '@/features/games/api/get-game-session';
import { FavoriteToggle } from '@/features/games/components/favorite-toggle';
import { ProviderRoundHistory } from '@/features/games/components/provider-round-history';
import { OriginalGame } from '@/features/originals';
import { isApiErrorWithDetail } from '@/lib/api-client';
import { useLocalizedPath } from '@/lib/use-locale';

/** A provider's game runs in its launcher, which carries the session token for our wallet. */
function ExternalGame({ session }: { session: Extract<GameSession, { kind: 'external' }> }) {
  const { t } = useTranslation();
  return (
    <iframe
      data-testid="external-game-frame"
      src={session.launchUrl}
      title={t('Pages.games.provider_frame_title', {
        title: session.game.title,
        provider: session.game.provider.name,
      })}
      allow="autoplay; fullscreen; clipboard-write"
      allowFullScreen
      className="aspect-video max-h-[calc(100dvh-12rem)] w-full rounded-2xl border border-ink-700 bg-ink-950"
    />
  );
}

/**
 * The game's box while its session is on its way: its art, whole, with the spinner above it. The
 * server draws the same box in the page's HTML on phones (`web-game-paint.ts`), so this render
 * replaces it in place.
 */
function GameLoading({ imageUrl }: { imageUrl: string | undefined }) {
  return (
    <div className="relative grid aspect-video max-h-[calc(100dvh-12rem)] w-full place-items-center overflow-hidden rounded-2xl border border-ink-700 bg-ink-850 text-brand-300">
      {imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          draggable={false}
          fetchPriority="high"
          className="absolute inset-0 size-full object-contain opacity-70"
        />
      ) : null}
      {/* on a dark disc, legible over any art */}
      <span className="relative grid size-14 place-items-center rounded-full bg-ink-950/70">
        <Spinner className="size-8" />
      </span>
    </div>
  );
}

/**
 * `/games/{id}` (signed in; a guest gets the sign-in step first): launches the game from
 * `GET /api/v2/games/{id}/session`. In-house games run in the page; a provider's game in its
 * launcher, with the player's rounds of it (free bets marked) below. A blacklisted game says
 * where it is blocked instead.
 */
export function GamePage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const { id = '' } = useParams();
  const session = useGameSession(id);
  const tile = useGame(id);
  // the player's own answers, or until they are in, the tile a guest sees (the page's boot data):
  // its title, provider and art are the same for everyone, its heart is not
  const playerGame = session.data?.game ?? tile.data;
  const publicTile = useQueryClient().getQueryData(gameQueryOptions(id, false).queryKey);
  const game = playerGame ?? publicTile;
  const back = { to: localized('/'), label: t('Shared.back_to_casino') };
  const backAction = (
    <Button asChild>
      <Link to={localized('/')}>{t('Shared.back_to_casino')}</Link>
    </Button>
  );

  const body = (() => {
    if (session.isPending) return <GameLoading imageUrl={game?.imageUrl} />;
    if (session.isError) {
      if (isApiErrorWithDetail(session.error, 'game_unavailable')) {
        const reason =
          gameUnavailablePayloadSchema.safeParse(session.error.payload).data?.reasons[0] ??
          tile.data?.blacklists[0];
        return (
          <EmptyState
            icon={Ban}
            title={t('Pages.games.blocked_title')}
            text={
              reason
                ? t('Pages.games.blocked_text', {
                    reason: t(`Pages.games.block_reason.${reason}`),
                  })
                : t('Pages.games.blocked_text_generic')
            }
            className="py-20"
            action={backAction}
          />
        );
      }
      if (isApiErrorWithDetail(session.error, 'not_found')) {
        return (
          <EmptyState
            icon={Gamepad2}
            title={t('Pages.games.game_not_found_title')}
            text={t('Pages.games.game_not_found_text')}
            className="py-20"
            action={backAction}
          />
        );
      }
      return (
        <EmptyState
          icon={TriangleAlert}
          title={t('Pages.games.launch_error_title')}
          text={t('Pages.games.launch_error_text')}
          className="py-20"
          action={
            <Button variant="secondary" onClick={() => void session.refetch()}>
              {t('Shared.retry')}
            </Button>
          }
        />
      );
    }
    switch (session.data.kind) {
      case 'original':
        return <OriginalGame session={session.data} />;
      case 'external':
        return (
          <>
            <ExternalGame session={session.data} />
            <ProviderRoundHistory gameId={session.data.game.id} />
          </>
        );
    }
  })();

  return (
    <div data-testid="game-page">
      <PageHeader
        title={game?.title ?? t('Shared.loading')}
        subtitle={game?.provider.name}
        back={back}
        actions={
          playerGame ? (
            <FavoriteToggle
              gameId={playerGame.id}
              isFavorite={playerGame.isFavorite}
              className="size-10 bg-ink-800 ring-1 ring-ink-700"
            />
          ) : game ? (
            // the heart's room, until the player's own answer says whether it is filled
            <span className="size-10" aria-hidden="true" />
          ) : null
        }
      />
      {body}
    </div>
  );
}
