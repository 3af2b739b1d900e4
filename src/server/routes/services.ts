/**
 * Services (paid promotion products): translated name and description, a code (`top` | `recommended`, read back as
 * `serviceCode`) and up to 10 images. Edits change only the fields sent; new images replace all old ones (old files
 * deleted). A service that still has tariffs cannot be deleted (409).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict } from '../errors';
import { resources } from '../../shared/resources';
import { serviceRecord } from '../../shared/records/service';
import { MAX_SERVICE_IMAGES, serviceCreateSchema, serviceEditSchema } from '../../shared/schemas/catalogue';
import { registerResource } from '../http/resource-routes';
import { deleteRecord, saveTranslatedRecord } from '../repos/records';
import { tariffsOfService } from '../repos/references';
import { loadServices, serviceListSpec } from '../repos/services';
import { said } from '../messages';

const TEXTS = {
  hasTariffs: {
    uz: 'Xizmatda hali {n} ta tarif bor; avval ularni oʻchiring',
    ru: 'У услуги ещё есть тарифы ({n}); сначала удалите их',
    en: 'The service still has {n} {tariffs}; delete them first',
  },
} as const;

const files = { images: MAX_SERVICE_IMAGES };

const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResource(app, {
    def: resources.service,
    record: serviceRecord,
    load: loadServices,
    spec: serviceListSpec,
    files: (service) => service.images,
    create: {
      body: { schema: serviceCreateSchema, files },
      async write(db, { data: { code, ...data }, images, lang }) {
        return saveTranslatedRecord(db, 'service', { ...data, serviceCode: code, images: await images('images') }, lang);
      },
    },
    update: {
      body: { schema: serviceEditSchema, files },
      description: 'An empty field changes nothing; new images replace the old ones',
      async write(db, { data: { code, ...data }, images, lang }, current) {
        const added = await images('images');
        await saveTranslatedRecord(db, 'service', { ...data, serviceCode: code, images: added.length ? added : undefined }, lang, current.id);
      },
    },
    remove: {
      description: 'Answers the deleted service; 409 while it has tariffs',
      async check(db, current) {
        const n = await tariffsOfService(db, current.id);
        if (n) throw conflict(said(TEXTS.hasTariffs, { n, tariffs: n === 1 ? 'tariff' : 'tariffs' }));
      },
      write: (db, current) => deleteRecord(db, 'service', current.id),
    },
  });
};

export default serviceRoutes;
