import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Handbook } from './handbook';

const notFound = 'Diese Handbuchseite gibt es nicht.';

/** The user handbook as HTML pages; public like the login page, it holds no tenant data. */
export const handbookRoutes =
  (handbook: Handbook): FastifyPluginAsyncZod =>
  async (app) => {
    const sendPage = (slug: string, reply: { status: (n: number) => unknown; type: (t: string) => { send: (b: string) => unknown } }) => {
      const html = handbook.page(slug);
      if (!html) {
        reply.status(404);
        return reply.type('text/plain; charset=utf-8').send(notFound);
      }
      return reply.type('text/html; charset=utf-8').send(html);
    };
    app.get('/handbuch', { schema: { hide: true } }, async (_req, reply) => sendPage('index', reply));
    app.get('/handbuch/:page', { schema: { hide: true, params: z.object({ page: z.string().max(80) }) } }, async (req, reply) =>
      sendPage(req.params.page, reply),
    );
    app.get('/handbuch/bilder/:file', { schema: { hide: true, params: z.object({ file: z.string().max(80) }) } }, async (req, reply) => {
      const bytes = handbook.image(req.params.file);
      if (!bytes) return reply.status(404).type('text/plain; charset=utf-8').send(notFound);
      return reply
        .header('Cache-Control', 'public, max-age=3600')
        .header('X-Content-Type-Options', 'nosniff')
        .type('image/png')
        .send(bytes);
    });
  };
