import type { PlayerListItem } from '@casino/contract';
import { Badge } from '@/components/ui/badge.tsx';

/** VIP, verification and ban at a glance. */
export function PlayerBadges({
  player,
  showUnverified = false,
}: {
  player: Pick<PlayerListItem, 'isVip' | 'isVerified' | 'banReason'>;
  /** the 360° view says it; a list only marks the verified */
  showUnverified?: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-1">
      {player.banReason ? (
        <Badge tone="bad">Banned · {banReasonLabel(player.banReason)}</Badge>
      ) : null}
      {player.isVip ? <Badge tone="info">VIP</Badge> : null}
      {player.isVerified ? (
        <Badge tone="good">Verified</Badge>
      ) : showUnverified ? (
        <Badge>Unverified</Badge>
      ) : null}
    </div>
  );
}

const banReasonLabels: Record<string, string> = {
  ddos: 'DDoS / automated traffic',
  multiaccounting: 'Multi-accounting',
  bruteforce: 'Password guessing',
  kyc: 'KYC not passed',
  bonus_abuse: 'Bonus abuse',
  psg: 'Responsible gaming',
  restricted_geo: 'Restricted region',
  save_balance_check: 'Balance security check',
  other: 'Terms violation',
};

export function banReasonLabel(reason: string): string {
  return banReasonLabels[reason] ?? reason;
}
