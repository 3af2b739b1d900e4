/**
 * Per-user limits on the calls that cost the server most besides login (which has its own throttle): CSV exports,
 * image uploads and imports. A route opts in with `config: { costly: 'export' | 'upload' | 'import' }`; each kind is
 * one budget per user (`RATE_LIMIT_MAX` calls per `RATE_LIMIT_WINDOW`), answered beyond it with 429 and
 * `Retry-After`. An upload route counts only its multipart requests: a JSON edit of the same record uploads nothing.
 */
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { said, type Texts } from '../messages';

const TOO_MANY = {
  uz: 'Juda koʻp ({what}): foydalanuvchiga {seconds} soniyada koʻpi bilan {max} ta. {wait} soniyadan keyin qayta urinib koʻring',
  ru: 'Слишком много ({what}): не более {max} за {seconds} с на пользователя. Повторите через {wait} с',
  en: 'Too many {what}: at most {max} in {seconds} s per user. Try again in {wait} s',
} as const;

type CostlyCall = 'export' | 'upload' | 'import';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is one of the expensive calls limited per user (see `plugins/rate-limits.ts`). */
    costly?: CostlyCall;
  }
}

const WHAT: Record<CostlyCall, Texts> = {
  export: { uz: 'eksportlar', ru: 'выгрузок', en: 'exports' },
  upload: { uz: 'yuklashlar', ru: 'загрузок', en: 'uploads' },
  import: { uz: 'importlar', ru: 'импортов', en: 'imports' },
};

async function rateLimitsPlugin(app: FastifyInstance) {
  const { rateLimitMax: max, rateLimitWindowSeconds: seconds } = app.config;
  // Before the plugin's own onRoute hook, which reads `config.rateLimit`.
  app.addHook('onRoute', (route) => {
    const kind = route.config?.costly;
    if (!kind) return;
    route.config = {
      ...route.config,
      rateLimit: {
        max,
        timeWindow: seconds * 1000,
        groupId: kind,
        allowList: kind === 'upload' ? (request: FastifyRequest) => !request.isMultipart() : undefined,
        errorResponseBuilder: (_request, context) =>
          new HttpError(429, said(TOO_MANY, { what: said(WHAT[kind]), max, seconds, wait: Math.ceil(context.ttl / 1000) })),
      },
    };
  });
  await app.register(rateLimit, {
    global: false,
    // After the route's own guard (onRequest) has identified the user; before the handler reads any body.
    hook: 'preHandler',
    keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
  });
}

export default fp(rateLimitsPlugin, { name: 'rate-limits', dependencies: ['auth'] });
