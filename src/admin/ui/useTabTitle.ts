import { useEffect } from 'react';
import { useResourceContext, useTranslate } from 'react-admin';

/**
 * The browser tab reads "Admin Panel | <page>" in the UI language, as the original's pages did; `key` defaults to the
 * current resource's `title`. Leaving the page puts back the bare "Admin Panel".
 */
export function useTabTitle(key?: string) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const app = translate('app.title');
  const page = key ?? (resource ? `resources.${resource}.title` : undefined);
  const text = page ? `${app} | ${translate(page)}` : app;
  useEffect(() => {
    document.title = text;
    return () => {
      document.title = app;
    };
  }, [text, app]);
}
