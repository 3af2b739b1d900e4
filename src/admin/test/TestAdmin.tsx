import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore, testDataProvider, type DataProvider } from 'react-admin';
import en from '../../../i18n/en';

/** Renders admin components with our English catalogue, a fresh memory store and the given data calls. */
export const TestAdmin = ({ dataProvider, children }: { dataProvider: Partial<DataProvider>; children: ReactNode }) => (
  <AdminContext
    dataProvider={testDataProvider(dataProvider)}
    i18nProvider={polyglotI18nProvider(() => en, 'en')}
    store={memoryStore()}
  >
    {children}
  </AdminContext>
);
