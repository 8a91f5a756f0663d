import type { PromoInfo } from '@casino/contract';
import { Gift, type LucideIcon, TicketPercent, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CopyableValue } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useLocalizedPath } from '@/lib/use-locale';
import { formatPromoAmount, isPositiveAmount } from '../format-promo';
import type { PromoModalVariant } from '../promo-cookie';

const variantIcon: Record<PromoModalVariant, LucideIcon> = {
  added: Wallet,
  available: Gift,
  'have-promocode': TicketPercent,
};

export interface PromoModalProps {
  info: PromoInfo;
  variant: PromoModalVariant;
  open: boolean;
  onClose: () => void;
  /** have-promocode: open the wallet for the deposit the code waits for */
  onTopUp: () => void;
  /** the timed first-deposit promo has its own heading */
  firstDeposit?: boolean;
}

/**
 * One promo-code modal (wallet spec §2, §4): added (money credited), available (a bonus to
 * wager) or have-promocode (a deposit claims it), with the amount, the free spins and the code
 * to copy (a 2 s notice).
 */
export function PromoModal({
  info,
  variant,
  open,
  onClose,
  onTopUp,
  firstDeposit = false,
}: PromoModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const Icon = variantIcon[variant];
  const amount = formatPromoAmount(info.amount, info.currency);
  const title = firstDeposit
    ? t('Promo.first_deposit_title')
    : variant === 'added'
      ? t('Promo.added_title')
      : variant === 'available'
        ? t('Promo.available_title')
        : t('Promo.have_title');
  const text = firstDeposit
    ? t('Promo.first_deposit_text')
    : variant === 'added'
      ? t('Promo.added_text', { amount })
      : variant === 'available'
        ? t('Promo.available_text', { amount })
        : t('Promo.have_text');

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent
        title={title}
        hideHeader
        className="max-w-sm"
        data-testid={`promo-modal-${variant}`}
      >
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="grid size-16 place-items-center rounded-2xl bg-linear-to-b from-gold-300 to-gold-500 text-ink-950 shadow-lg shadow-gold-500/30">
            <Icon className="size-8" aria-hidden="true" />
          </span>
          <p className="text-xl font-bold text-ink-100">{title}</p>
          <p className="text-sm text-ink-200">{text}</p>
          {isPositiveAmount(info.amount) && variant !== 'added' ? (
            <p className="text-2xl font-extrabold text-gold-400" data-testid="promo-modal-amount">
              {amount}
            </p>
          ) : null}
          {info.freespins_count > 0 ? (
            <p className="text-sm font-semibold text-brand-300" data-testid="promo-modal-freespins">
              {t('Promo.freespins', {
                count: info.freespins_count,
                amount: formatPromoAmount(info.freespins_amount, info.currency),
              })}
            </p>
          ) : null}
          <div className="w-full text-left">
            <p className="mb-1 text-xs font-semibold text-ink-300">{t('Promo.code')}</p>
            <CopyableValue value={info.code} />
          </div>
          {variant === 'have-promocode' ? (
            <Button
              size="lg"
              variant="money"
              className="w-full"
              onClick={() => {
                onClose();
                onTopUp();
              }}
            >
              {t('Promo.top_up')}
            </Button>
          ) : variant === 'available' ? (
            <Button
              size="lg"
              className="w-full"
              onClick={() => {
                onClose();
                void navigate(localized('/bonuses'));
              }}
            >
              {t('Promo.to_bonuses')}
            </Button>
          ) : (
            <Button size="lg" className="w-full" onClick={onClose}>
              {t('Promo.ok')}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
