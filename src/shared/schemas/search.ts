import { z } from 'zod';

/** The kinds the palette's search (`GET /search`) reads, in the order it shows them: the daily ones first. */
export const SEARCH_KINDS = ['cottage', 'user', 'order', 'region', 'place', 'translate'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** One line of the answer: the record's resource key and id, and how it reads. */
export const searchResult = z.object({ resource: z.enum(SEARCH_KINDS), id: z.string(), title: z.string(), subtitle: z.string().optional() });
export type SearchResult = z.infer<typeof searchResult>;
