import { type NotificationProvider, Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { QueryClient } from '@tanstack/react-query';
import { Fragment, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { Toaster, toast } from 'sonner';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState, ErrorState, Spinner } from '@/components/ui/states.tsx';
import { TotpEnrolment } from '@/features/account/totp-enrolment.tsx';
import { features } from '@/features/index.ts';
import { ApiError, unauthorizedEvent } from '@/lib/api.ts';
import { authProvider } from '@/lib/auth-provider.ts';
import { dataProvider } from '@/lib/data-provider.ts';
import { useMe } from '@/lib/me.ts';
import { allowedNav, Layout } from './layout.tsx';
import { LoginPage } from './login.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // a 401/403 will not change by asking again
      retry: (count, error) => !(error instanceof ApiError && error.statusCode < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/** Refine's notices (a failed save, a done action) as toasts. */
const notificationProvider: NotificationProvider = {
  open: ({ message, description, type, key }) => {
    const text = description ? `${message}: ${description}` : message;
    if (type === 'error') toast.error(text, { id: key });
    else if (type === 'success') toast.success(text, { id: key });
    else toast(text, { id: key });
  },
  close: (key) => toast.dismiss(key),
};

/** Signed in (and enrolled where two-factor is required) → the layout; else sign-in. */
function SignedIn() {
  const me = useMe();
  const navigate = useNavigate();
  useEffect(() => {
    const onUnauthorized = () => navigate('/login', { replace: true });
    window.addEventListener(unauthorizedEvent, onUnauthorized);
    return () => window.removeEventListener(unauthorizedEvent, onUnauthorized);
  }, [navigate]);
  if (me.isLoading) {
    return (
      <div className="flex min-h-full items-center justify-center">
        <Spinner />
      </div>
    );
  }
  if (me.error instanceof ApiError && me.error.statusCode === 401) {
    return <Navigate to="/login" replace />;
  }
  if (me.error instanceof ApiError && me.error.detail === 'totp_enrolment_required') {
    return (
      <div className="flex min-h-full items-center justify-center p-4">
        <Card className="w-full max-w-lg p-6">
          <h1 className="mb-1 text-base font-semibold">Set up two-factor sign-in</h1>
          <p className="mb-4 text-sm text-muted">
            Operators must sign in with a code from an authenticator app. Set it up to continue.
          </p>
          <TotpEnrolment />
        </Card>
      </div>
    );
  }
  if (me.isError) return <ErrorState error={me.error} />;
  return <Layout />;
}

/** `/backoffice/`: the dashboard, or the first screen this operator's roles open. */
function Home() {
  const { data: me } = useMe();
  const first = allowedNav(me)[0];
  if (!first) return <EmptyState>Your roles open no screen yet. Ask an admin.</EmptyState>;
  return <Navigate to={first.path} replace />;
}

export function App() {
  return (
    <BrowserRouter basename="/backoffice">
      <Refine
        dataProvider={dataProvider}
        authProvider={authProvider}
        routerProvider={routerProvider}
        notificationProvider={notificationProvider}
        options={{
          disableTelemetry: true,
          reactQuery: { clientConfig: queryClient },
          syncWithLocation: false,
          warnWhenUnsavedChanges: true,
        }}
      >
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route element={<SignedIn />}>
            <Route index element={<Home />} />
            {features.map((feature) => (
              <Fragment key={feature.id}>{feature.routes}</Fragment>
            ))}
            <Route path="*" element={<EmptyState>No such screen.</EmptyState>} />
          </Route>
        </Routes>
        <Toaster position="bottom-right" richColors closeButton />
      </Refine>
    </BrowserRouter>
  );
}
