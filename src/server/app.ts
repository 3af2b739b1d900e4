/**
 * The application as a Fastify instance, without listening: what `main.ts` starts and what the tests `inject()` into.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { TokenService } from './auth/tokens';
import { usePasswordCost } from './auth/passwords';
import errors, { frameworkError } from './plugins/errors';
import httpPolicy from './plugins/http-policy';
import rateLimits from './plugins/rate-limits';
import database from './plugins/database';
import language from './plugins/language';
import changes from './plugins/changes';
import auth from './plugins/auth';
import events from './plugins/events';
import uploads from './plugins/uploads';
import { openStorage } from './storage';
import { type FileStorage } from './file-storage';
import openapi from './plugins/openapi';
import staticFiles from './plugins/static';
import { LoginThrottle } from './repos/throttle';
import routes from './routes';
import { scheduleAuditRetention } from './plugins/audit-retention';
import { scheduleDeletedFilesSweep } from './plugins/deleted-files';
import webhookDelivery from './plugins/webhook-delivery';

const API_PREFIX = '/api/v1';

interface AppDeps {
  database: Database;
  /** Close the database when the app closes (main: yes; tests sharing one database: no). */
  closeDatabase?: boolean;
  /** Absent → the one the config names. Either way it is closed with the app. */
  storage?: FileStorage;
  logger?: boolean | object;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    loginThrottle: LoginThrottle;
    /** Every route as registered (method and path), for introspection and the route-guard test. */
    routeTable: { method: string; url: string }[];
  }
}

/**
 * Every route validates and serialises with zod (`setValidatorCompiler` below). Named as the server's compilers too,
 * Fastify does not load its own (ajv and fast-json-stringify), which no route would use: about 8 MB less in every
 * server process. Fastify types its factories for JSON schemas, hence the cast.
 */
const ZOD_COMPILERS = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  if (!config.jwtSecret || !config.jwtRefreshSecret) throw new Error('buildApp needs both JWT secrets resolved');
  const app = Fastify({
    logger: deps.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    schemaController: { compilersFactory: ZOD_COMPILERS },
    frameworkErrors: frameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  usePasswordCost(config.scryptN);

  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });

  await app.register(errors);
  await app.register(httpPolicy);
  await app.register(database, { database: deps.database, closeWithApp: deps.closeDatabase ?? true });
  await app.register(language);
  app.decorate('loginThrottle', new LoginThrottle(app.db, config.loginMaxAttempts, config.loginWindowSeconds, undefined, undefined, config.loginFirstDelayMs));
  await app.register(changes);
  await app.register(auth, {
    tokens: new TokenService(config.jwtSecret, config.jwtRefreshSecret, config.accessTokenTtlSeconds, config.refreshTokenTtlSeconds, config.sessionMaxAgeSeconds),
  });
  await app.register(events);
  const storage = deps.storage ?? (await openStorage(config));
  app.addHook('onClose', async () => storage.close?.());
  await app.register(rateLimits);
  await app.register(uploads, { storage, maxUploadBytes: config.maxUploadBytes, maxImagePixels: config.maxImagePixels });
  await app.register(openapi);
  // Each resource's way of taking an audited change back, filled by the route builder (`http/resource/revert.ts`).
  app.decorate('reverters', new Map());
  app.decorate('listSources', new Map());
  await app.register(webhookDelivery);
  await app.register(routes, { prefix: API_PREFIX });
  scheduleAuditRetention(app);
  scheduleDeletedFilesSweep(app);
  await app.register(staticFiles, { uploadsDir: config.uploadsDir, storage, adminDistDir: config.adminDistDir });
  return app;
}
