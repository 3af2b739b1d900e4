/** A cottage's moderation signals (issue #35): `GET cottage/{id}/signals`, each message in the reader's language. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../shared/permissions';
import { idParams } from '../../shared/schemas/common';
import { cottageSignalsRecord, type CottageSignalsRecord, type SignalRecord } from '../../shared/records/signals';
import { notFound } from '../errors';
import { recordLabel } from '../labels';
import { uuidLike } from '../query/ids';
import { signalsOf } from '../repos/signals';
import { signalMessage } from '../signals/messages';

export function signalRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/cottage/:id/signals',
    {
      onRequest: app.requirePermission(perm('cottage', 'show')),
      schema: {
        tags: ['cottage'],
        description:
          'The moderation signals of the cottage (contact in text, price, twin location, copied description, burst), each with its reason in the request\'s language, its evidence and the related cottage, and the risk score 0–100 they make (docs/decisions.md, "Moderation signals")',
        params: idParams,
        response: { 200: cottageSignalsRecord },
      },
    },
    async (request): Promise<CottageSignalsRecord> => {
      const found = uuidLike(request.params.id) ? await signalsOf(app.db, request.params.id) : undefined;
      if (!found) throw notFound(recordLabel('cottage', 'Cottage'));
      return {
        score: found.score,
        signals: found.signals.map(
          (s): SignalRecord => ({
            kind: s.kind,
            severity: s.severity as SignalRecord['severity'],
            message: signalMessage(s.messageKey, s.params, request.messageLang),
            evidence: s.evidence,
            relatedId: s.relatedId,
          }),
        ),
      };
    },
  );
}
