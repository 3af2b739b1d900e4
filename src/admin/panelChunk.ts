/**
 * The panel behind the login, in a chunk of its own so the login page stays small, together with the full catalogue
 * of the interface's language (the login page has only its own texts). The login page asks for them (and for the
 * home's charts) once the browser is idle, so a click on "Log in" does not wait for them (an import is fetched only
 * once); and once the tokens arrive it starts the calls the home needs while the panel mounts.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AppDataProvider } from './providers/dataProvider';
import { loadMe } from './providers/authProvider';
import { loadCatalogue } from './providers/i18nProvider';
import { languageCodesQuery, statsQuery } from './providers/panelQueries';
import { session } from './providers/session';

export const loadPanel = () =>
  Promise.all([import('./Panel'), loadCatalogue(session.language())]).then(([panel]) => panel);

export function prefetchPanelWhenIdle(): () => void {
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  const cancel = window.cancelIdleCallback ?? window.clearTimeout;
  const handle = idle(() => {
    void loadPanel().catch(() => {});
    void import('./dashboard/HomeCharts').catch(() => {});
  });
  return () => cancel(handle);
}

/**
 * Right after a login: the user's permissions, the home's counts and the language list, in parallel, instead of one
 * after another as the panel's parts mount (each part then finds its answer in the cache).
 */
export function startPanelCalls(queryClient: QueryClient, dataProvider: AppDataProvider) {
  void loadMe().catch(() => {});
  void queryClient.prefetchQuery(statsQuery(dataProvider));
  void queryClient.prefetchQuery(languageCodesQuery(dataProvider));
}
