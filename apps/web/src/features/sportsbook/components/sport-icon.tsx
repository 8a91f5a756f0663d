import {
  Castle,
  CircleDot,
  Crosshair,
  Disc3,
  Gamepad2,
  Goal,
  HandFist,
  HockeyStick,
  type LucideIcon,
  RugbyBall,
  ShieldHalf,
  Target,
  Volleyball,
  WandSparkles,
  Zap,
} from 'lucide-react';
import type { SportKey } from '../sports';

const iconBySport: Record<SportKey, LucideIcon> = {
  soccer: Goal,
  tennis: Disc3,
  basketball: CircleDot,
  ice_hockey: HockeyStick,
  volleyball: Volleyball,
  table_tennis: Zap,
  american_football: ShieldHalf,
  rugby: RugbyBall,
  mma: HandFist,
  darts: Target,
  counter_strike: Crosshair,
  dota_2: Castle,
  league_of_legends: WandSparkles,
  valorant: Gamepad2,
};

export function SportIcon({ sport, className }: { sport: SportKey; className?: string }) {
  const Icon = iconBySport[sport];
  return <Icon className={className} aria-hidden="true" />;
}
