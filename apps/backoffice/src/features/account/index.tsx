import { operatorSessionListSchema } from '@casino/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, MonitorSmartphone } from 'lucide-react';
import { Route } from 'react-router';
import { Page } from '@/components/page.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardHeader } from '@/components/ui/card.tsx';
import { QueryState } from '@/components/ui/states.tsx';
import { api } from '@/lib/api.ts';
import { useFormatDateTime } from '@/lib/format.ts';
import { useMe } from '@/lib/me.ts';
import type { Feature } from '../types.ts';
import { TotpEnrolment } from './totp-enrolment.tsx';

const sessionsKey = ['backoffice', 'me', 'sessions'] as const;

function AccountPage() {
  const { data: me } = useMe();
  const formatDateTime = useFormatDateTime();
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: sessionsKey,
    queryFn: async () => operatorSessionListSchema.parse(await api('/me/sessions')).sessions,
  });
  const revoke = async (id: string) => {
    await api(`/me/sessions/${id}`, { method: 'DELETE' });
    await queryClient.invalidateQueries({ queryKey: sessionsKey });
  };
  return (
    <Page title="Your account" description={me ? `${me.email} · ${me.roles.join(', ')}` : null}>
      <Card>
        <CardHeader
          title="Two-factor sign-in"
          actions={me?.totpEnabled ? <Badge tone="good">On</Badge> : <Badge tone="warn">Off</Badge>}
        />
        <div className="p-4">
          {me?.totpEnabled ? (
            <p className="text-sm text-muted">
              Every sign-in asks for a code from your authenticator app. An admin can reset it if
              you lose the app and your recovery codes.
            </p>
          ) : (
            <TotpEnrolment />
          )}
        </div>
      </Card>
      <Card>
        <CardHeader
          title="Sessions"
          description="Where you are signed in. Signing a session out ends it at once."
        />
        <QueryState query={sessions} spinnerClassName="p-4">
          {(data) => (
            <ul className="divide-y divide-line">
              {data.map((session) => (
                <li key={session.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                  <MonitorSmartphone className="size-4 text-muted" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <div className="truncate text-sm">{session.userAgent ?? 'Unknown device'}</div>
                    <div className="text-xs text-muted">
                      {session.ip ?? 'unknown address'} · signed in{' '}
                      {formatDateTime(session.createdAt)} · last seen{' '}
                      {formatDateTime(session.lastSeenAt)}
                    </div>
                  </div>
                  {session.current ? (
                    <Badge tone="info">This session</Badge>
                  ) : (
                    <Button size="sm" onClick={() => void revoke(session.id)}>
                      Sign out
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </Card>
    </Page>
  );
}

export const accountFeature: Feature = {
  id: 'account',
  nav: [
    {
      group: 'Administration',
      label: 'Your account',
      path: '/account',
      icon: KeyRound,
      requires: ['GET', '/me/sessions'],
    },
  ],
  routes: <Route path="account" element={<AccountPage />} />,
};
