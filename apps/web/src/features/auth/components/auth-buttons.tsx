import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useAuthDialog } from '../hooks/use-auth-dialog';

/** Header buttons for guests: open the steps over the current page, which stays put. */
export function AuthButtons() {
  const { t } = useTranslation();
  const { open } = useAuthDialog();
  return (
    <div className="flex items-center gap-2">
      <Button variant="secondary" size="md" onClick={() => open('login')} className="px-3 sm:px-4">
        {t('Header.login')}
      </Button>
      <Button variant="primary" size="md" onClick={() => open('register')} className="px-3 sm:px-4">
        {t('Header.register')}
      </Button>
    </div>
  );
}
