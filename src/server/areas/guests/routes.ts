import {
  bikeKeyParams,
  createGuestBookingRequest,
  dayListQuery,
  dayListResponse,
  freeBikesQuery,
  freeBikesResponse,
  guestBookingDto,
  guestBookingListResponse,
  guestVehiclesResponse,
  publicGuestBookingResponse,
  rentalConfirmResponse,
  rentalInfoResponse,
  rentalRequestBody,
  rentalRequestResponse,
  tokenBody,
} from '@contracts/guests';
import { ACCESS } from '@domain/route-access';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requestOrigin, requireTenant, requireUser } from '../../http/request-context';
import { createGuestBooking, dayList, guestVehicles, listUpcomingGuestBookings } from './guest-bookings';
import { cancelByToken, confirmByToken, viewByToken } from './public-cancellation';
import { bikeImage, confirmRequest, freeBikes, rentalInfo, requestBike } from './public-rental';

const tags = ['guests'];

/** Public answers are never cached and never indexed. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');

export const guestRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // ── staff: the reception ──
    app.post(
      '/api/guest-bookings',
      {
        // guests: the reception books, the guest's link and the public rental need no account
        config: { access: ACCESS.reception },
        schema: { tags, summary: 'Fahrzeug für einen Gast buchen', body: createGuestBookingRequest, response: { 201: guestBookingDto } },
      },
      async (req, reply) =>
        reply.status(201).send(await createGuestBooking(deps, await requireUser(deps, req), requestOrigin(req), req.body)),
    );
    app.get(
      '/api/guest-bookings',
      {
        config: { access: ACCESS.reception },
        schema: {
          tags,
          summary: 'Gastbuchungen ab gestern',
          querystring: z.object({ includePast: z.enum(['true', 'false']).optional() }),
          response: { 200: guestBookingListResponse },
        },
      },
      async (req) => listUpcomingGuestBookings(deps, await requireUser(deps, req), req.query.includePast === 'true'),
    );
    app.get(
      '/api/guest-bookings/day',
      {
        config: { access: ACCESS.reception },
        schema: {
          tags,
          summary: 'Tagesliste des Empfangs: Ausgaben, Rückgaben, Überfälliges',
          querystring: dayListQuery,
          response: { 200: dayListResponse },
        },
      },
      async (req) => dayList(deps, await requireUser(deps, req), req.query.day),
    );
    app.get(
      '/api/guest-bookings/vehicles',
      {
        config: { access: ACCESS.reception },
        schema: { tags, summary: 'Fahrzeuge mit Gastbuchung', response: { 200: guestVehiclesResponse } },
      },
      async (req) => guestVehicles(deps, await requireUser(deps, req)),
    );

    // ── public: the cancellation page (no session; the token is in the body) ──
    app.post(
      '/api/pub/guest-booking',
      {
        config: { access: ACCESS.public },
        schema: { tags, summary: 'Gastbuchung zum Link ansehen', body: tokenBody, response: { 200: publicGuestBookingResponse } },
      },
      async (req, reply) => {
        noStore(reply);
        return viewByToken(deps, requireTenant(req), req.ip, req.body.token);
      },
    );
    app.post(
      '/api/pub/guest-booking/cancel',
      {
        config: { access: ACCESS.public },
        schema: {
          tags,
          summary: 'Gastbuchung kostenlos stornieren (bis 24 Stunden vor Beginn)',
          body: tokenBody,
          response: { 200: publicGuestBookingResponse },
        },
      },
      async (req, reply) => {
        noStore(reply);
        return cancelByToken(deps, requireTenant(req), req.ip, req.body.token);
      },
    );
    app.post(
      '/api/pub/guest-booking/confirm',
      {
        config: { access: ACCESS.public },
        schema: { tags, summary: 'Gastbuchung bestätigen', body: tokenBody, response: { 200: publicGuestBookingResponse } },
      },
      async (req, reply) => {
        noStore(reply);
        return confirmByToken(deps, requireTenant(req), req.ip, req.body.token);
      },
    );

    // ── public: the guest bike rental ──
    app.get(
      '/api/public/rental',
      {
        config: { access: ACCESS.public },
        schema: { tags, summary: 'Gästeverleih: eingeschaltet?', response: { 200: rentalInfoResponse } },
      },
      async (req, reply) => {
        noStore(reply);
        return rentalInfo(deps, requireTenant(req), req.ip);
      },
    );
    app.get(
      '/api/public/rental/bikes',
      {
        config: { access: ACCESS.public },
        schema: {
          tags,
          summary: 'Gästeverleih: freie Räder für Tag und Uhrzeit',
          querystring: freeBikesQuery,
          response: { 200: freeBikesResponse },
        },
      },
      async (req, reply) => {
        noStore(reply);
        return freeBikes(deps, requireTenant(req), req.ip, req.query);
      },
    );
    app.get(
      '/api/public/rental/bikes/:key/image',
      { config: { access: ACCESS.public }, schema: { tags, summary: 'Gästeverleih: Foto eines Rads', params: bikeKeyParams } },
      async (req, reply) => {
        const file = await bikeImage(deps, requireTenant(req), req.ip, req.params.key);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', 'inline')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=3600')
          .send(file.bytes);
      },
    );
    app.post(
      '/api/public/rental/requests',
      {
        config: { access: ACCESS.public },
        schema: {
          tags,
          summary: 'Gästeverleih: Rad anfragen (Bestätigung per E-Mail)',
          body: rentalRequestBody,
          response: { 202: rentalRequestResponse },
        },
      },
      async (req, reply) => {
        noStore(reply);
        return reply.status(202).send(await requestBike(deps, requireTenant(req), req.ip, requestOrigin(req), req.body));
      },
    );
    app.post(
      '/api/public/rental/requests/confirm',
      {
        config: { access: ACCESS.public },
        schema: {
          tags,
          summary: 'Gästeverleih: Anfrage bestätigen (Double-Opt-in)',
          body: tokenBody,
          response: { 200: rentalConfirmResponse },
        },
      },
      async (req, reply) => {
        noStore(reply);
        return confirmRequest(deps, requireTenant(req), req.ip, requestOrigin(req), req.body.token);
      },
    );
  };
