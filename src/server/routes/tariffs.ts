/**
 * Tariffs: a service's price list — days, price (whole sums), translated type and description. A tariff that orders
 * refer to cannot be deleted (409). `DELETE tariff/disable {cottageId, tariffId}` ends that cottage's active premium
 * placement bought with that tariff.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';
import { resources } from '../../shared/resources';
import { placementRecord } from '../../shared/records/placement';
import { tariffRecord } from '../../shared/records/service';
import { tariffCreateSchema, tariffDisableSchema, tariffEditSchema } from '../../shared/schemas/catalogue';
import { parseFields } from '../http/forms';
import { registerResource } from '../http/resource-routes';
import { action } from '../http/resource/actions';
import { deleteRecord, saveTranslatedRecord } from '../repos/records';
import { endTariffPlacement, loadTariffs, tariffListSpec } from '../repos/tariffs';
import { said } from '../messages';

const TEXTS = {
  noPlacement: {
    uz: 'Bu dachada ushbu tarif bilan sotib olingan faol joylashuv yoʻq',
    ru: 'У этой дачи нет активного размещения, купленного по этому тарифу',
    en: 'This cottage has no active placement bought with this tariff',
  },
} as const;

const tariffRoutes: FastifyPluginAsyncZod = async (app) => {
  const def = resources.tariff;

  registerResource(app, {
    def,
    record: tariffRecord,
    load: loadTariffs,
    spec: tariffListSpec,
    create: {
      body: { schema: tariffCreateSchema },
      // The service must exist (404): derived from the registry's `reference` field, as the delete's 409 below.
      async write(db, { data: { service_id: serviceId, ...data }, lang }) {
        return saveTranslatedRecord(db, 'tariff', { ...data, serviceId }, lang);
      },
    },
    update: {
      body: { schema: tariffEditSchema },
      description: 'Days, price, type and description; an absent or empty field changes nothing. The service cannot change',
      write: (db, { data, lang }, current) => saveTranslatedRecord(db, 'tariff', data, lang, current.id),
    },
    actions: [
      action({
        method: 'delete',
        path: def.api.disable,
        permission: 'disable',
        audit: 'premiumEnd',
        description: 'JSON body (or query) {cottageId, tariffId}: ends the active premium placement of that cottage bought with that tariff',
        answer: placementRecord,
        async run(tx, { request }) {
          // The original client sends the pair in the query; a JSON body wins.
          const input = { ...(request.query as object), ...(request.body && typeof request.body === 'object' ? request.body : {}) };
          const { cottageId, tariffId } = parseFields(tariffDisableSchema, input as Record<string, string>, 'request');
          const ended = await endTariffPlacement(tx, cottageId, tariffId);
          if (!ended) throw new HttpError(404, said(TEXTS.noPlacement));
          return { answer: ended, audit: { resource: 'cottage', recordId: cottageId, after: { premiumPlacement: ended } } };
        },
      }),
    ],
    remove: {
      description: 'Answers the deleted tariff; 409 while orders refer to it',
      write: (db, current) => deleteRecord(db, 'tariff', current.id),
    },
  });
};

export default tariffRoutes;
