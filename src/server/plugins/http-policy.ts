/**
 * What every answer says about itself (DESIGN §9 "Security defaults"): the security headers and a CSP naming only
 * what the panel loads, CORS only for the origins `CORS_ORIGINS` names, `Cache-Control: no-store` on the API's
 * answers, and public routes declared in one place (`config: { public: true }`).
 */
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers without a login (config, health, login, refresh). The OpenAPI document then marks it
     * `security: []`; nothing else changes: a route without a guard is reachable by anyone anyway.
     */
    public?: boolean;
  }
}

/**
 * The origin a CSP source list needs for a URL template such as `https://{s}.tile.example.org/{z}/{x}/{y}.png`: a
 * placeholder in the host becomes a `*` label. Undefined for what is not an http(s) URL (a relative one is `'self'`).
 */
export function cspSource(template: string): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!match) return undefined;
  const host = match[2].replace(/\{[^}]*\}/g, '*');
  // A CSP host allows `*` only as its first label.
  if (/\*/.test(host.replace(/^\*\./, ''))) return undefined;
  return `${match[1].toLowerCase()}://${host.toLowerCase()}`;
}

async function httpPolicy(app: FastifyInstance) {
  const { mapTileUrl, geocoderUrl, corsOrigins } = app.config;
  const tiles = cspSource(mapTileUrl);
  const geocoder = cspSource(geocoderUrl);
  await app.register(helmet, {
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // data: for the images the admin's bundle inlines (Leaflet's markers), blob: for a picked file's preview.
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        // The UI library writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", ...(geocoder ? [geocoder] : [])],
        fontSrc: ["'self'", 'data:'],
      },
    },
  });

  // The panel is served by this server: a browser needs CORS only for another origin the operator names.
  if (corsOrigins.length) {
    await app.register(cors, {
      origin: corsOrigins,
      methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
      exposedHeaders: ['Content-Range', 'X-Total-Count', 'ETag', 'Retry-After'],
      maxAge: 600,
      // A bare OPTIONS (no Origin or Access-Control-Request-Method) gets the plain 204 instead of the plugin's
      // text/plain 400, which broke the API's one error shape; it grants nothing a real preflight would not.
      strictPreflight: false,
    });
  }

  app.addHook('onRoute', (route) => {
    if (route.config?.public) route.schema = { ...route.schema, security: [] };
  });

  // API answers hold users' data or tokens: no browser or proxy keeps them. Images and the panel's files are
  // outside /api and keep their own caching.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

export default fp(httpPolicy, { name: 'http-policy' });
