/**
 * Serves uploaded images at /uploads/... (from the disk folder, or streamed from the store when it has none) and the
 * built admin at /, with the single-page fallback so deep links such as /dashboart/region/new survive a reload. API
 * paths never fall back to the page.
 */
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { errorBody } from '../errors';
import { contentTypeOf, type FileStorage } from '../file-storage';
import { render, said } from '../messages';

const STATIC_TEXTS = {
  noRoute: { uz: '{method} {url} manzili topilmadi', ru: 'Адрес {method} {url} не найден', en: 'Route {method} {url} not found' },
  noFile: { uz: '{url} fayli topilmadi', ru: 'Файл {url} не найден', en: 'File {url} not found' },
} as const;

// Uploaded names are random and never change: cache them hard.
const UPLOADS_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** /uploads/images/<name> streamed from a store without a local folder (S3); HEAD asks the store for headers only. */
function serveFromStore(app: FastifyInstance, read: NonNullable<FileStorage['read']>) {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/uploads/images/:name',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (request, reply) => {
      const { name } = request.params as { name: string };
      // Only images, their type decided by the name: whatever else the bucket holds, or the type an object was stored
      // with, never reaches a browser (nor does a browser guess another type: nosniff).
      const type = contentTypeOf(name);
      if (!type.startsWith('image/')) return reply.callNotFound();
      // read() answers undefined for any name that is not an upload's (`..`, slashes, odd characters): a 404.
      const file = await read(`uploads/images/${name}`, { head: request.method === 'HEAD' });
      if (!file) return reply.callNotFound();
      reply
        .header('content-type', type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', `public, max-age=${UPLOADS_MAX_AGE_SECONDS}, immutable`);
      if (file.etag) reply.header('etag', file.etag);
      if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
      if (file.etag && request.headers['if-none-match'] === file.etag) {
        file.body?.destroy();
        return reply.status(304).send();
      }
      if (file.length !== undefined) reply.header('content-length', file.length);
      return reply.send(file.body ?? '');
    },
  });
}

async function staticPlugin(app: FastifyInstance, opts: { uploadsDir: string; storage: FileStorage; adminDistDir: string }) {
  if (opts.storage.read) {
    serveFromStore(app, opts.storage.read.bind(opts.storage));
  } else {
    await mkdir(opts.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: opts.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      maxAge: UPLOADS_MAX_AGE_SECONDS * 1000,
      immutable: true,
    });
  }
  const hasAdmin = existsSync(path.join(opts.adminDistDir, 'index.html'));
  if (!hasAdmin) return;
  await app.register(fastifyStatic, { root: opts.adminDistDir, prefix: '/', wildcard: false, index: false });
  const sendIndex = (_req: unknown, reply: { sendFile: (f: string, o?: object) => unknown }) =>
    reply.sendFile('index.html', { maxAge: 0 });
  app.get('/', { schema: { hide: true } }, (req, reply) => sendIndex(req, reply));
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || url.startsWith('/uploads/') || url.startsWith('/docs')) {
      return reply.status(404).send(errorBody(404, render(said(STATIC_TEXTS.noRoute, { method: request.method, url }), request.messageLang)));
    }
    const file = path.join(opts.adminDistDir, path.normalize(url).replace(/^(\.\.[/\\])+/, ''));
    if (file.startsWith(opts.adminDistDir) && path.extname(url) && existsSync(file)) {
      return reply.sendFile(path.relative(opts.adminDistDir, file), { maxAge: url.startsWith('/assets/') ? '1y' : 0, immutable: url.startsWith('/assets/') });
    }
    if (path.extname(url)) return reply.status(404).send(errorBody(404, render(said(STATIC_TEXTS.noFile, { url }), request.messageLang)));
    return sendIndex(request, reply);
  });
}

export default fp(staticPlugin, { name: 'static' });
