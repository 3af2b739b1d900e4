/** Every API route, registered under /api/v1. One file per resource. */
import type { FastifyInstance } from 'fastify';
import auth from './auth';
import cottages from './cottages';
import cottageImages from './cottage-images';
import premium from './premium';
import orders from './orders';
import notifications from './notifications';
import languages from './languages';
import translations from './translations';
import tariffs from './tariffs';
import services from './services';
import cottageTypes from './cottage-types';
import comforts from './comforts';
import places from './places';
import regions from './regions';
import models from './models';
import roles from './roles';
import stats from './stats';
import users from './users';
import savedQueries from './saved-queries';
import profile from './profile';
import statsSeries from './stats-series';
import publicConfig from './public-config';

export default async function routes(app: FastifyInstance) {
  await app.register(auth);
  await app.register(publicConfig);
  await app.register(models);
  await app.register(roles);
  await app.register(users);
  await app.register(languages);
  await app.register(translations);
  await app.register(regions);
  await app.register(places);
  await app.register(comforts);
  await app.register(cottageTypes);
  await app.register(services);
  await app.register(tariffs);
  await app.register(stats);
  await app.register(cottages);
  await app.register(cottageImages);
  await app.register(premium);
  await app.register(orders);
  await app.register(notifications);
  await app.register(savedQueries);
  await app.register(profile);
  await app.register(statsSeries);
}
