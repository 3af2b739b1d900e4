/**
 * Services (paid promotion products): translated name and description, a code (`top` | `recommended`, read back as
 * `serviceCode`) and up to 10 images. Edits change only the fields sent; new images replace all old ones (old files
 * deleted). A service that still has tariffs cannot be deleted (409).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resources } from '../../shared/resources';
import { serviceRecord } from '../../shared/records/service';
import { MAX_SERVICE_IMAGES, serviceCreateSchema, serviceEditSchema } from '../../shared/schemas/catalogue';
import { registerResource } from '../http/resource-routes';
import { deleteRecord, saveTranslatedRecord } from '../repos/records';
import { loadServices, serviceListSpec } from '../repos/services';

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
      // 409 while tariffs refer to it: derived from the tariff's `reference` field (`http/resource/references.ts`).
      description: 'Answers the deleted service; 409 while it has tariffs',
      write: (db, current) => deleteRecord(db, 'service', current.id),
    },
  });
};

export default serviceRoutes;
