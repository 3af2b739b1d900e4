/** `GET cottage/desk/{id}` (issue #25): what the moderation desk needs beside the cottage's own record. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../shared/permissions';
import { idParams } from '../../shared/schemas/common';
import { loadOne } from '../http/resource/context';
import { loadCottages } from '../repos/cottages';
import { deskHistory, deskMedians, deskOwner, deskOwnerCottages } from '../repos/cottage-desk';
import { recordLabel } from '../labels';

const medians = z.object({ price: z.number().nullable(), priceWeekend: z.number().nullable(), count: z.number().int() });
const deskFacts = z.object({
  medians: z.object({ region: medians, types: z.array(medians.extend({ id: z.string(), name: z.string() })) }),
  owner: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable(), createdAt: z.date() }).nullable(),
  ownerCottages: z.array(z.object({ id: z.string(), name: z.string(), cottageStatus: z.string(), createdAt: z.date() })),
  history: z.array(
    z.object({
      cottageId: z.string(),
      cottageName: z.string(),
      action: z.string().meta({ description: '`edit` or `bulkEdit` (a decision), `undo` (one taken back)' }),
      cottageStatus: z.string(),
      reason: z.string().nullable().meta({ description: 'The reason the owner was sent, if any' }),
      at: z.date(),
      byName: z.string(),
    }),
  ),
});

export function deskRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/cottage/desk/:id',
    {
      onRequest: app.requirePermission(perm('cottage', 'moderate')),
      schema: {
        tags: ['cottage'],
        description:
          "The moderation desk's facts about a cottage: the medians (price, weekend price; percentile 0.5) of the confirmed cottages of its region and of each of its types, its owner, the owner's other cottages (newest first, at most 20) and the latest moderation decisions on the owner's cottages (at most 20); names in the request's language",
        params: idParams,
        response: { 200: deskFacts },
      },
    },
    async (request) => {
      const cottage = await loadOne(app.db, loadCottages, recordLabel('cottage', 'Cottage'), request.params.id, request.lang);
      const [m, owner, ownerCottages, history] = [
        await deskMedians(app.db, cottage, request.lang),
        await deskOwner(app.db, cottage.userId),
        await deskOwnerCottages(app.db, cottage),
        await deskHistory(app.db, cottage),
      ];
      return { medians: m, owner, ownerCottages, history };
    },
  );
}
