import { ScrollText, Settings, Users } from 'lucide-react';
import { Route } from 'react-router';
import { RequirePage } from '@/components/require.tsx';
import type { Feature } from '../types.ts';
import { AuditPage, auditResource } from './audit.tsx';
import { OperatorsPage, operatorsResource } from './operators.tsx';
import { SettingsPage } from './settings.tsx';

/**
 * Administration (issue 24): the operator's settings, operators and their roles, the audit log.
 * Settings shows to those who change some (admin, finance: rates, crypto methods, requisites);
 * read-only operators audit through the log instead. Operators: admins only. The audit log:
 * admins and read-only operators (auditors).
 */
export const adminFeature: Feature = {
  id: 'admin',
  nav: [
    {
      group: 'Administration',
      label: 'Settings',
      path: '/settings',
      icon: Settings,
      requires: ['PUT', '/exchange-rates'],
    },
    {
      group: 'Administration',
      label: 'Operators',
      path: '/operators',
      icon: Users,
      requires: ['GET', '/operators'],
    },
    {
      group: 'Administration',
      label: 'Audit log',
      path: '/audit',
      icon: ScrollText,
      requires: ['GET', '/audit'],
    },
  ],
  routes: (
    <>
      <Route
        path="settings"
        element={
          <RequirePage method="PUT" path="/exchange-rates">
            <SettingsPage />
          </RequirePage>
        }
      />
      <Route
        path="operators"
        element={
          <RequirePage method="GET" path="/operators">
            <OperatorsPage />
          </RequirePage>
        }
      />
      <Route
        path="audit"
        element={
          <RequirePage method="GET" path="/audit">
            <AuditPage />
          </RequirePage>
        }
      />
    </>
  ),
  resources: { operators: operatorsResource, audit: auditResource },
};
