/**
 * Serves uploaded images at /uploads/... and the built admin at /, with the single-page fallback so deep links such
 * as /dashboart/region/new survive a reload. API paths never fall back to the page.
 */
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { errorBody } from '../errors';

async function staticPlugin(app: FastifyInstance, opts: { uploadsDir: string; adminDistDir: string }) {
  await mkdir(opts.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // Uploaded names are random and never change: cache them hard.
    maxAge: '30d',
    immutable: true,
  });
  const hasAdmin = existsSync(path.join(opts.adminDistDir, 'index.html'));
  if (!hasAdmin) return;
  await app.register(fastifyStatic, { root: opts.adminDistDir, prefix: '/', wildcard: false, index: false });
  const sendIndex = (_req: unknown, reply: { sendFile: (f: string, o?: object) => unknown }) =>
    reply.sendFile('index.html', { maxAge: 0 });
  app.get('/', { schema: { hide: true } }, (req, reply) => sendIndex(req, reply));
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || url.startsWith('/uploads/') || url.startsWith('/docs')) {
      return reply.status(404).send(errorBody(404, `Route ${request.method} ${url} not found`));
    }
    const file = path.join(opts.adminDistDir, path.normalize(url).replace(/^(\.\.[/\\])+/, ''));
    if (file.startsWith(opts.adminDistDir) && path.extname(url) && existsSync(file)) {
      return reply.sendFile(path.relative(opts.adminDistDir, file), { maxAge: url.startsWith('/assets/') ? '1y' : 0, immutable: url.startsWith('/assets/') });
    }
    if (path.extname(url)) return reply.status(404).send(errorBody(404, `File ${url} not found`));
    return sendIndex(request, reply);
  });
}

export default fp(staticPlugin, { name: 'static' });
