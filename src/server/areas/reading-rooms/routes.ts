import {
  areaQuery,
  bookingResponse,
  bootstrapResponse,
  createBookingRequest,
  favouritesRequest,
  favouritesResponse,
  idParams,
  mapQuery,
  mapResponse,
  myBookingsResponse,
  peopleQuery,
  peopleResponse,
} from '@contracts/reading-rooms';
import { ACCESS } from '@domain/route-access';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requestOrigin, requireUser } from '../../http/request-context';
import { sendBuiltDto } from '../../http/send-built-dto';
import { SESSION_COOKIE_PREFIX } from '../session/public';
import { cancelBooking, checkInBooking, checkInObject, confirmBooking, createBooking, myBookings, searchPeople } from './bookings';
import { saveFavourites } from './favourites';
import { planImage } from './images';
import { getBootstrap, getMap } from './map';
import { sendImage } from './send-image';

const tags = ['reading-rooms'];

/** Searches per minute and session (or address, before sign-in), decision 037. */
const PEOPLE_SEARCH_RATE_LIMIT = {
  max: 30,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => {
    const session = Object.entries(req.cookies ?? {}).find(([name]) => name.startsWith(SESSION_COOKIE_PREFIX))?.[1];
    return `people|${req.hostname}|${session ?? req.ip}`;
  },
};

/** Booking of seats and rooms (Leseraum) and desks (Arbeitswelt): one engine, area as parameter. */
export const readingRoomRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/reading-rooms/bootstrap',
      {
        // reading rooms and workplaces
        config: { access: ACCESS.places },
        schema: {
          tags,
          summary: 'Start: Grundrisse, Öffnungszeiten, offene Vormerkungen, Favoriten, Grenzen',
          querystring: areaQuery,
          response: { 200: bootstrapResponse },
        },
      },
      async (req) => getBootstrap(deps, await requireUser(deps, req), req.query.area),
    );

    app.get(
      '/api/reading-rooms/floor-plans/:id/map',
      {
        config: { access: ACCESS.places },
        schema: {
          tags,
          summary: 'Belegung eines Grundrisses für einen Tag oder Stundenbereich',
          params: idParams,
          querystring: mapQuery,
          response: { 200: mapResponse },
        },
      },
      async (req, reply) =>
        sendBuiltDto(
          reply,
          mapResponse,
          await getMap(deps, await requireUser(deps, req), req.params.id, req.query),
          !deps.config.production,
        ),
    );

    app.get(
      '/api/reading-rooms/floor-plans/:id/image',
      {
        config: { access: ACCESS.places },
        schema: { tags, summary: 'Grundrissbild (png/jpg)', params: idParams, querystring: z.object({ v: z.string().max(40).optional() }) },
      },
      async (req, reply) => sendImage(reply, await planImage(deps, await requireUser(deps, req), req.params.id)),
    );

    app.get(
      '/api/reading-rooms/people',
      {
        // Searching is cheap to repeat; the limit per signed-in session keeps it from becoming a way to list everyone.
        config: { access: ACCESS.places, rateLimit: PEOPLE_SEARCH_RATE_LIMIT },
        schema: {
          tags,
          summary: 'Personen für eine Vormerkung suchen: mindestens drei Zeichen von Name oder E-Mail, höchstens zehn Treffer, nur Name',
          querystring: peopleQuery,
          response: { 200: peopleResponse },
        },
      },
      async (req) => ({ people: await searchPeople(deps, await requireUser(deps, req), req.query.q) }),
    );

    app.put(
      '/api/reading-rooms/favourites',
      {
        config: { access: ACCESS.places },
        schema: { tags, summary: 'Favoriten: Grundriss und Plätze', body: favouritesRequest, response: { 200: favouritesResponse } },
      },
      async (req) => saveFavourites(deps, await requireUser(deps, req), req.body),
    );

    app.post(
      '/api/reading-rooms/objects/:id/check-in',
      {
        config: { access: ACCESS.places },
        schema: {
          tags,
          summary: 'Einchecken per QR-Code: eigene Reservierung dieses Platzes',
          params: idParams,
          response: { 200: bookingResponse },
        },
      },
      async (req) => ({ booking: await checkInObject(deps, await requireUser(deps, req), req.params.id) }),
    );

    app.post(
      '/api/reading-room-bookings',
      {
        config: { access: ACCESS.places },
        schema: {
          tags,
          summary: 'Platz oder Raum buchen (mit forUserId: Vormerkung für eine andere Person)',
          body: createBookingRequest,
          response: { 200: bookingResponse },
        },
      },
      async (req) => ({ booking: await createBooking(deps, await requireUser(deps, req), req.body, requestOrigin(req)) }),
    );

    app.get(
      '/api/reading-room-bookings/mine',
      {
        config: { access: ACCESS.places },
        schema: { tags, summary: 'Ihre Buchungen und Ihre Reservierungen', querystring: areaQuery, response: { 200: myBookingsResponse } },
      },
      async (req) => myBookings(deps, await requireUser(deps, req), req.query.area),
    );

    app.post(
      '/api/reading-room-bookings/:id/cancel',
      { config: { access: ACCESS.places }, schema: { tags, summary: 'Stornieren', params: idParams, response: { 200: bookingResponse } } },
      async (req) => ({ booking: await cancelBooking(deps, await requireUser(deps, req), req.params.id) }),
    );

    app.post(
      '/api/reading-room-bookings/:id/confirm',
      {
        config: { access: ACCESS.places },
        schema: {
          tags,
          summary: 'Vormerkung bestätigen (vorgemerkte Person) oder zurückziehen (buchende Person)',
          params: idParams,
          response: { 200: bookingResponse },
        },
      },
      async (req) => ({ booking: await confirmBooking(deps, await requireUser(deps, req), req.params.id) }),
    );

    app.post(
      '/api/reading-room-bookings/:id/check-in',
      {
        config: { access: ACCESS.places },
        schema: {
          tags,
          summary: 'Einchecken (15 Minuten vor bis 15 Minuten nach Beginn)',
          params: idParams,
          response: { 200: bookingResponse },
        },
      },
      async (req) => ({ booking: await checkInBooking(deps, await requireUser(deps, req), req.params.id) }),
    );
  };
