import { calendarFeedParams, calendarFeedStatus, calendarInvitationsRequest, calendarInvitationsStatus } from '@contracts/calendar-feed';
import { ACCESS } from '@domain/route-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { acceptsGzip, matchesEtag } from '../../http/conditional';
import { requestOrigin, requireTenant, requireUser } from '../../http/request-context';
import { calendarFeedIcs, calendarFeedStatus as feedStatus, renewCalendarFeed, revokeCalendarFeed } from './feed';
import { calendarInvitations, saveCalendarInvitations } from './invitation-setting';

const tags = ['calendar'];

/** The person's calendar subscription (settings dialog) and the feed a calendar program fetches with the secret token. */
export const calendarRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/calendar/feed',
      {
        // calendar subscription: the feed itself is found by its secret token within the host's tenant (decision 090)
        config: { access: ACCESS.signedIn },
        schema: { tags, summary: 'Eigenes Kalenderabonnement: eingerichtet?', response: { 200: calendarFeedStatus } },
      },
      async (req) => feedStatus(deps, await requireUser(deps, req)),
    );
    app.post(
      '/api/calendar/feed',
      {
        config: { access: ACCESS.signedIn },
        schema: {
          tags,
          summary: 'Kalenderabonnement einrichten oder erneuern (die alte Adresse wird ungültig)',
          response: { 200: calendarFeedStatus },
        },
      },
      async (req) => renewCalendarFeed(deps, await requireUser(deps, req), requestOrigin(req)),
    );
    app.delete(
      '/api/calendar/feed',
      {
        config: { access: ACCESS.signedIn },
        schema: { tags, summary: 'Kalenderabonnement widerrufen', response: { 200: calendarFeedStatus } },
      },
      async (req) => revokeCalendarFeed(deps, await requireUser(deps, req)),
    );
    app.get(
      '/api/calendar/invitations',
      {
        config: { access: ACCESS.signedIn },
        schema: {
          tags,
          summary: 'Eigene Kalendereinladungen in Buchungsmails: an oder aus?',
          response: { 200: calendarInvitationsStatus },
        },
      },
      async (req) => calendarInvitations(deps, await requireUser(deps, req)),
    );
    app.put(
      '/api/calendar/invitations',
      {
        config: { access: ACCESS.signedIn },
        schema: {
          tags,
          summary: 'Kalendereinladungen in den eigenen Buchungsmails ein- oder ausschalten',
          body: calendarInvitationsRequest,
          response: { 200: calendarInvitationsStatus },
        },
      },
      async (req) => saveCalendarInvitations(deps, await requireUser(deps, req), req.body.enabled),
    );
    app.get(
      '/api/calendar/:token/buchbar.ics',
      {
        config: { access: ACCESS.public, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags, summary: 'Kalender (iCalendar) einer Person über ihr geheimes Token', params: calendarFeedParams },
      },
      async (req, reply) => {
        const feed = await calendarFeedIcs(deps, requireTenant(req), req.params.token);
        // Kept by the calendar program only, and asked again each time: the entity tag makes an unchanged poll a 304.
        reply
          .header('etag', feed.etag)
          .header('cache-control', 'private, no-cache')
          .header('vary', 'accept-encoding')
          .header('x-content-type-options', 'nosniff');
        if (matchesEtag(req.headers['if-none-match'], feed.etag)) return reply.code(304).send();
        reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="buchbar.ics"');
        // Compressed once when built, not per poll.
        if (acceptsGzip(req.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(feed.gzip);
        return reply.send(feed.bytes);
      },
    );
  };
