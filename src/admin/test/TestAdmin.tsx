import { configure } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore, testDataProvider, type AuthProvider, type DataProvider } from 'react-admin';
import en from '../../../i18n/en';
import { canAccessWith } from '../providers/canAccess';

// The full suite runs API and component tests side by side on two cores: a screen can take more than the default
// second to appear there, so `findBy…`/`waitFor` wait up to five (a missing element still fails).
configure({ asyncUtilTimeout: 5_000 });

/** An authProvider whose user holds exactly `permissions`, checked by the panel's own `canAccessWith`. */
export function authWith(permissions: readonly string[]): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => permissions,
    canAccess: async ({ resource, action }) => canAccessWith(permissions, resource, action),
  };
}

/** Renders admin components with our English catalogue, a fresh memory store and the given data calls. */
export const TestAdmin = ({
  dataProvider,
  authProvider,
  children,
}: {
  dataProvider: Partial<DataProvider>;
  authProvider?: AuthProvider;
  children: ReactNode;
}) => (
  <AdminContext
    dataProvider={testDataProvider(dataProvider)}
    authProvider={authProvider}
    i18nProvider={polyglotI18nProvider(() => en, 'en')}
    store={memoryStore()}
  >
    {children}
  </AdminContext>
);
