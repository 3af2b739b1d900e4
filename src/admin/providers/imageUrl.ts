/** Stored image paths (`uploads/images/x.jpg`) are served from the site's root. */
export const imageUrl = (path?: string | null): string | undefined =>
  path ? (/^(https?:|\/|blob:|data:)/.test(path) ? path : `/${path}`) : undefined;
