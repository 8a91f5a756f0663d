import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { useLogout } from '../api/logout';

export function SignOutButton({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useTranslation();
  const logoutMutation = useLogout({
    onSignedOut: () => {
      onSignedOut();
      notify.info(t('Profile.signed_out'));
    },
  });
  return (
    <Button
      variant="danger"
      data-testid="profile-signout"
      disabled={logoutMutation.isPending}
      onClick={() => logoutMutation.mutate()}
    >
      {logoutMutation.isPending ? <Spinner /> : <LogOut className="size-4" aria-hidden="true" />}
      {t('Profile.sign_out')}
    </Button>
  );
}
