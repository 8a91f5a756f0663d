import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useWalletDialog } from '../hooks/use-wallet-dialog';

/**
 * The header's top-up: opens the wallet on its deposit tab. `onIntent` (a hover, a focus, a
 * touch) runs the wallet's code ahead of the click.
 */
export function TopUpButton({ onIntent }: { onIntent?: () => void }) {
  const { t } = useTranslation();
  const { open } = useWalletDialog();
  return (
    <Button
      variant="money"
      size="sm"
      data-testid="header-top-up"
      onClick={() => open('deposit')}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onTouchStart={onIntent}
      aria-label={t('Header.top_up')}
      className="h-8 px-2.5 sm:px-3"
    >
      <Plus className="size-4" aria-hidden="true" />
      <span className="hidden sm:inline">{t('Header.top_up')}</span>
    </Button>
  );
}
