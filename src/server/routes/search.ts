/**
 * `GET /search?q=`: the command palette's search (issue #34). It asks each resource's own list (`app.listSources`)
 * with the list's `q`, so it folds Cyrillic and Latin, case and apostrophes as the lists do, and shows only what the
 * caller may list. A query that reads as a phone number also finds users by their phone and cottages by their
 * owner's, however the digits were typed. At most 20 results, a few of each kind, in a fixed order of kinds.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PATHS } from '../../shared/paths';
import { perm } from '../../shared/permissions';
import { SEARCH_KINDS, searchResult, type SearchKind, type SearchResult } from '../../shared/schemas/search';
import { pageIds } from '../query/list';
import { inOrder } from '../query/ids';
import { userIdsByPhoneDigits } from '../repos/users';
import { recordTitle } from '../labels';

const PER_KIND = 5;
const MAX_RESULTS = 20;

type Loaded = Record<string, unknown> & { id: string };
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const nameOf = (value: unknown) => text((value as { name?: unknown } | null | undefined)?.name);
const joined = (...parts: unknown[]) => parts.map(text).filter(Boolean).join(' · ') || undefined;

/** What a result line says under the record's title (`recordTitle`). */
const SUBTITLE: Partial<Record<SearchKind, (r: Loaded) => string | undefined>> = {
  cottage: (r) => joined(nameOf(r.region), nameOf(r.place)),
  user: (r) => joined(r.username, r.phone),
  order: (r) => joined(nameOf(r.user) ?? text((r.user as { username?: unknown } | null)?.username), r.status),
  translate: (r) => text(r.value),
};

/** The digits of a query that reads as a phone number (`+998 90 123-45-67`, `(90)1234567`), without the country code. */
function phoneDigits(q: string): string | undefined {
  if (!/^[\d\s()+-]+$/.test(q)) return undefined;
  const digits = q.replace(/\D/g, '');
  if (digits.length < 4) return undefined;
  return digits.length > 9 && digits.startsWith('998') ? digits.slice(3) : digits;
}

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `/${PATHS.search}`,
    {
      onRequest: app.requirePermission(),
      schema: {
        tags: ['search'],
        description: 'The command palette: records of every kind the caller may list whose text (or phone) matches q.',
        querystring: z.object({ q: z.string().trim().min(1).max(100) }),
        response: { 200: z.array(searchResult) },
      },
    },
    async (request) => {
      const { q } = request.query;
      const granted = request.user!.permissions;
      const lang = request.lang;
      const phone = phoneDigits(q);
      const owners = phone ? await userIdsByPhoneDigits(app.db, phone, PER_KIND) : [];

      const found = await Promise.all(
        SEARCH_KINDS.map(async (kind): Promise<SearchResult[]> => {
          const source = app.listSources.get(kind);
          if (!source || !granted.has(perm(kind, 'list'))) return [];
          const spec = source.spec(lang);
          const page = async (filter: Record<string, unknown>) =>
            (await pageIds(app.db, spec, { filter, range: { offset: 0, limit: PER_KIND }, lang: request.messageLang }, { count: false })).ids;
          // A phone's matches first (the users, their cottages), then the text's: "2024" may be either.
          const byPhone = kind === 'user' ? owners : kind === 'cottage' && owners.length ? await page({ userId: owners }) : [];
          const ids = [...new Set([...byPhone, ...(await page({ q }))])].slice(0, PER_KIND);
          if (!ids.length) return [];
          const records = inOrder(ids, (await source.load(app.db, ids, lang)) as Loaded[]);
          return records.map((r) => ({ resource: kind, id: r.id, title: recordTitle(r) ?? r.id, subtitle: SUBTITLE[kind]?.(r) }));
        }),
      );
      return found.flat().slice(0, MAX_RESULTS);
    },
  );
};

export default searchRoutes;
