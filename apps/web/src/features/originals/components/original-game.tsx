import type { GameSession } from '@casino/contract';
import { DiceGame } from './dice-game';
import { KenoGame } from './keno-game';
import { LimboGame } from './limbo-game';
import { MinesGame } from './mines-game';
import { PlinkoGame } from './plinko-game';
import { SlotGame } from './slot-game';

/**
 * An in-house game on its page: the engine's interface inside the shared frame. Keyed by the
 * game so that switching games starts from a clean state.
 */
export function OriginalGame({ session }: { session: GameSession & { kind: 'original' } }) {
  switch (session.engine) {
    case 'dice':
      return <DiceGame key={session.game.id} session={session} />;
    case 'limbo':
      return <LimboGame key={session.game.id} session={session} />;
    case 'mines':
      return <MinesGame key={session.game.id} session={session} />;
    case 'plinko':
      return <PlinkoGame key={session.game.id} session={session} />;
    case 'keno':
      return <KenoGame key={session.game.id} session={session} />;
    case 'slot':
      return <SlotGame key={session.game.id} session={session} />;
  }
}
