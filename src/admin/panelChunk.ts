/**
 * The panel behind the login, in a chunk of its own so the login page stays small. The login page asks for it
 * once the browser is idle, so a click on "Log in" does not wait for it (the import is fetched only once).
 */
export const loadPanel = () => import('./Panel');

export function prefetchPanelWhenIdle(): () => void {
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  const cancel = window.cancelIdleCallback ?? window.clearTimeout;
  const handle = idle(() => void loadPanel().catch(() => {}));
  return () => cancel(handle);
}
