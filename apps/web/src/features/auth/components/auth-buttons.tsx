import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useAuthDialog } from '../hooks/use-auth-dialog';

/**
 * Header buttons for guests: open the steps over the current page, which stays put. `onIntent`
 * (a hover, a focus, a touch) runs the dialog's code ahead of the click.
 */
export function AuthButtons({ onIntent }: { onIntent?: () => void }) {
  const { t } = useTranslation();
  const { open } = useAuthDialog();
  const intent = { onPointerEnter: onIntent, onFocus: onIntent, onTouchStart: onIntent };
  return (
    <div className="flex items-center gap-2">
      <Button
        {...intent}
        variant="secondary"
        size="md"
        onClick={() => open('login')}
        className="px-3 sm:px-4"
      >
        {t('Header.login')}
      </Button>
      <Button
        {...intent}
        variant="primary"
        size="md"
        onClick={() => open('register')}
        className="px-3 sm:px-4"
      >
        {t('Header.register')}
      </Button>
    </div>
  );
}
