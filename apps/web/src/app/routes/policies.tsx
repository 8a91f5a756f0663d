import { supportEmailForHost } from '@casino/contract';
import { useParams } from 'react-router';
import { TermsOfUse } from '@/features/policies/components/terms-of-use';
import { SimpleLayout } from '../layout/simple-layout';

/** Terms of use of a host. Outside the app shell, and reachable even for a banned account. */
export function PoliciesPage() {
  const { host = '' } = useParams();
  const hostname = decodeURIComponent(host);
  return (
    <SimpleLayout>
      <TermsOfUse host={hostname} supportEmail={supportEmailForHost(hostname)} />
    </SimpleLayout>
  );
}
