/** Every API route, registered under /api/v1: the named resources' from the registry, one file per other resource. */
import type { FastifyInstance } from 'fastify';
import auth from './auth';
import cottages from './cottages';
import orders from './orders';
import notifications from './notifications';
import languages from './languages';
import translations from './translations';
import tariffs from './tariffs';
import services from './services';
import named from './named';
import models from './models';
import roles from './roles';
import stats from './stats';
import users from './users';
import savedQueries from './saved-queries';
import profile from './profile';
import statsSeries from './stats-series';
import publicConfig from './public-config';
import audit from './audit';
import health from './health';
import twoFactor, { twoFactorAdminRoutes } from './two-factor';
import sessions from './sessions';

export default async function routes(app: FastifyInstance) {
  await app.register(auth);
  await app.register(publicConfig);
  await app.register(health);
  await app.register(models);
  await app.register(roles);
  await app.register(users);
  await app.register(languages);
  await app.register(translations);
  await app.register(named);
  await app.register(services);
  await app.register(tariffs);
  await app.register(stats);
  await app.register(cottages);
  await app.register(orders);
  await app.register(notifications);
  await app.register(savedQueries);
  await app.register(profile);
  await app.register(statsSeries);
  await app.register(audit);
  await app.register(twoFactor);
  await app.register(twoFactorAdminRoutes);
  await app.register(sessions);
}
