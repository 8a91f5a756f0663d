import { formatBonusMoney, type UserBonus } from '@casino/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { notify } from '@/lib/notify';
import { useCancelUserBonus } from '../api/cancel-user-bonus';

/**
 * Asks before forfeiting a bonus: its money and wagering progress are gone for good. The same
 * confirmed attempt keeps its Idempotency-Key when retried after a failure.
 */
export function CancelBonusDialog({
  bonus,
  open,
  onOpenChange,
}: {
  bonus: UserBonus;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const cancel = useCancelUserBonus();
  const idempotency = useIdempotencyKey();
  const money = bonus.status === 'active' ? bonus.balance : bonus.amount;

  const confirm = () => {
    cancel.mutate(
      { bonusId: bonus.id, idempotencyKey: idempotency.keyFor({ bonusId: bonus.id }) },
      {
        onSuccess: () => {
          idempotency.finish();
          notify.success(t('Bonuses.cancelled', { title: bonus.title }));
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (cancel.isPending ? undefined : onOpenChange(next))}
    >
      <DialogContent
        title={t('Bonuses.cancel_title')}
        description={t('Bonuses.cancel_text', {
          title: bonus.title,
          balance: formatBonusMoney(money, bonus.currency),
        })}
        data-testid="bonus-cancel-dialog"
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => onOpenChange(false)}
            disabled={cancel.isPending}
          >
            {t('Bonuses.cancel_keep')}
          </Button>
          <Button variant="danger" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? <Spinner className="size-4" /> : null}
            {t('Bonuses.cancel_confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
