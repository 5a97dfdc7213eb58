import {
  approvalList,
  attributeList,
  attributeListQuery,
  availabilityQuery,
  availabilityResponse,
  bookingLimitsQuery,
  bookingLimitsResponse,
  bookingResponse,
  cancelBookingRequest,
  checkInRequest,
  checkOutRequest,
  createBookingRequest,
  createVehicleRequest,
  deactivateVehicleResponse,
  departmentList,
  historyList,
  idParams,
  imageUploadResponse,
  maintenanceBlockRequest,
  maintenanceBlockResponse,
  myBookingsQuery,
  myBookings as myBookingsResponse,
  objectAttribute,
  possibleBookers as possibleBookersResponse,
  receiptUploadResponse,
  rejectRequest,
  saveAttributeRequest,
  saveBookingTimesRequest,
  saveVehicleAttributesRequest,
  timelineQuery,
  timelineResponse,
  updateBookingRequest,
  updateVehicleRequest,
  updateVehicleResponse,
  vehicleDetail,
  vehicleList,
  vehicleListQuery,
  vehicleLocationList,
  vehicleSeriesCancelRequest,
  vehicleSeriesCancelResponse,
  vehicleSeriesRequest,
  vehicleSeriesResponse,
} from '@contracts/vehicles';
import type { Permission } from '@domain/permissions';
import { ACCESS } from '@domain/route-access';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requestOrigin, requireUser } from '../../http/request-context';
import { kernelErrors } from '../../kernel/errors';
import { cancelInSeries, createSeries, previewSeries, vehicleSeries } from '../series/public';
import { decide, listApprovals } from './approvals';
import { cancelBooking, createBooking, getBooking, myBookings, possibleBookers, updateBooking } from './book-vehicle';
import { vehicleErrors } from './errors';
import {
  blockVehicle,
  createVehicle,
  deactivateVehicle,
  saveAttribute,
  saveBookingTimes,
  saveVehicleAttributes,
  updateVehicle,
  uploadVehicleImage,
  vehicleDepartments,
  vehicleHistory,
  vehicleImage,
} from './manage-vehicles';
import { checkIn, checkOut, uploadReceipt } from './trips';
import { attributes, availability, getVehicle, limits, listVehicles, locations, timeline } from './vehicle-catalogue';

const _ADMIN = '/admin/fahrzeuge';
const tags = ['vehicles'];

/** Signed in, vehicle feature on. */
/** Fleet administration: the /admin/fahrzeuge guard (fahrzeug_pflege). */

async function withPermission(deps: Deps, req: FastifyRequest, p: Permission) {
  const user = await requireUser(deps, req);
  if (!user.permissions.has(p)) throw kernelErrors.fail('forbidden', { denial: `no ${p}` });
  return user;
}

async function fileBytes(req: FastifyRequest): Promise<Buffer> {
  const file = await req.file();
  if (!file) throw vehicleErrors.fail('no_file');
  return file.toBuffer();
}

export const vehicleRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // ── reference data ──
    app.get(
      '/api/vehicle-locations',
      {
        // vehicles
        config: { access: ACCESS.vehicleViewers },
        schema: { tags, summary: 'Standorte mit Stellplätzen', response: { 200: vehicleLocationList } },
      },
      async (req) => locations(deps, await requireUser(deps, req)),
    );
    app.get(
      '/api/vehicle-attributes',
      {
        config: { access: ACCESS.vehicleViewers },
        schema: {
          tags,
          summary: 'Objektattribute für Fahrzeuge und Fahrten',
          querystring: attributeListQuery,
          response: { 200: attributeList },
        },
      },
      async (req) => attributes(deps, await requireUser(deps, req), req.query.target),
    );
    app.post(
      '/api/admin/vehicle-attributes',
      {
        config: { access: ACCESS.fleet },
        schema: { tags, summary: 'Objektattribut anlegen', body: saveAttributeRequest, response: { 201: objectAttribute } },
      },
      async (req, reply) => {
        const a = await saveAttribute(deps, await requireUser(deps, req), null, req.body);
        return reply.code(201).send(a);
      },
    );
    app.put(
      '/api/admin/vehicle-attributes/:id',
      {
        config: { access: ACCESS.fleet },
        schema: {
          tags,
          summary: 'Objektattribut ändern',
          params: idParams,
          body: saveAttributeRequest,
          response: { 200: objectAttribute },
        },
      },
      async (req) => saveAttribute(deps, await requireUser(deps, req), req.params.id, req.body),
    );

    app.get(
      '/api/admin/vehicle-departments',
      {
        config: { access: ACCESS.fleet },
        schema: { tags, summary: 'Abteilungen für die Fahrzeugpflege', response: { 200: departmentList } },
      },
      async (req) => {
        return vehicleDepartments(deps, await requireUser(deps, req));
      },
    );

    // ── vehicles ──
    app.get(
      '/api/vehicles',
      {
        config: { access: ACCESS.vehicleViewers },
        schema: { tags, summary: 'Buchbare Fahrzeuge mit Filtern', querystring: vehicleListQuery, response: { 200: vehicleList } },
      },
      async (req) => listVehicles(deps, await requireUser(deps, req), req.query),
    );
    app.get(
      '/api/vehicles/timeline',
      {
        config: { access: ACCESS.vehicleViewers },
        schema: {
          tags,
          summary: 'Belegung aller Fahrzeuge in einem Zeitraum',
          querystring: timelineQuery,
          response: { 200: timelineResponse, 304: z.null().describe('Unverändert seit dem ETag aus If-None-Match') },
        },
        // Hot path: the database builds the JSON of thousands of rows (documented by the schema, not re-validated row by row).
        serializerCompiler: () => (data) => (typeof data === 'string' ? data : JSON.stringify(data)),
      },
      async (req, reply) => {
        const { etag, json } = await timeline(deps, await requireUser(deps, req), req.query);
        // no-cache: the browser keeps the text and asks again with If-None-Match; unchanged → 304 without a body.
        reply.header('etag', etag).header('cache-control', 'private, no-cache');
        if (req.headers['if-none-match'] === etag) return reply.code(304).send(null);
        return reply.type('application/json; charset=utf-8').send(json as never);
      },
    );
    app.get(
      '/api/vehicles/:id',
      {
        config: { access: ACCESS.vehicleViewers },
        schema: { tags, summary: 'Ein Fahrzeug', params: idParams, response: { 200: vehicleDetail } },
      },
      async (req) => getVehicle(deps, await requireUser(deps, req), req.params.id),
    );
    app.get(
      '/api/vehicles/:id/image',
      { config: { access: ACCESS.vehicles }, schema: { tags, summary: 'Bild eines Fahrzeugs', params: idParams } },
      async (req, reply) => {
        const file = await vehicleImage(deps, await requireUser(deps, req), req.params.id);
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Disposition', 'inline')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, max-age=3600')
          .send(file.bytes);
      },
    );
    app.get(
      '/api/vehicles/:id/availability',
      {
        config: { access: ACCESS.vehicleViewers },
        schema: {
          tags,
          summary: 'Verfügbarkeit in einem Zeitraum',
          params: idParams,
          querystring: availabilityQuery,
          response: { 200: availabilityResponse },
        },
      },
      async (req) => availability(deps, await requireUser(deps, req), req.params.id, req.query),
    );
    app.get(
      '/api/vehicles/:id/booking-limits',
      {
        config: { access: ACCESS.vehicleViewers },
        schema: {
          tags,
          summary: 'Wählbare Zeiten eines Tages',
          params: idParams,
          querystring: bookingLimitsQuery,
          response: { 200: bookingLimitsResponse },
        },
      },
      async (req) => limits(deps, await requireUser(deps, req), req.params.id, req.query),
    );
    app.get(
      '/api/vehicles/:id/history',
      {
        config: { access: ACCESS.fleet },
        schema: { tags, summary: 'Verlauf eines Fahrzeugs', params: idParams, response: { 200: historyList } },
      },
      async (req) => vehicleHistory(deps, await requireUser(deps, req), req.params.id),
    );

    // ── fleet administration ──
    app.post(
      '/api/admin/vehicles',
      {
        config: { access: ACCESS.fleet },
        schema: { tags, summary: 'Fahrzeug anlegen', body: createVehicleRequest, response: { 201: vehicleDetail } },
      },
      async (req, reply) => {
        const v = await createVehicle(deps, await requireUser(deps, req), req.body);
        return reply.code(201).send(v);
      },
    );
    app.put(
      '/api/admin/vehicles/:id',
      {
        config: { access: ACCESS.fleet },
        schema: {
          tags,
          summary: 'Fahrzeug ändern (mit bisherigen Daten)',
          params: idParams,
          body: updateVehicleRequest,
          response: { 200: updateVehicleResponse },
        },
      },
      async (req) => updateVehicle(deps, await requireUser(deps, req), req.params.id, req.body),
    );
    app.delete(
      '/api/admin/vehicles/:id',
      {
        config: { access: ACCESS.fleet },
        schema: { tags, summary: 'Fahrzeug deaktivieren', params: idParams, response: { 200: deactivateVehicleResponse } },
      },
      async (req) => deactivateVehicle(deps, await requireUser(deps, req), req.params.id),
    );
    app.put(
      '/api/admin/vehicles/:id/booking-times',
      {
        config: { access: ACCESS.fleet },
        schema: {
          tags,
          summary: 'Buchungszeiten speichern',
          params: idParams,
          body: saveBookingTimesRequest,
          response: { 200: vehicleDetail },
        },
      },
      async (req) => saveBookingTimes(deps, await requireUser(deps, req), req.params.id, req.body),
    );
    // Without an id in the path: the catalogue's refusal, not a 404 of the router.
    app.put(
      '/api/admin/vehicles/booking-times',
      {
        config: { access: ACCESS.fleet },
        schema: { tags, summary: 'Buchungszeiten ohne Fahrzeug-ID (abgelehnt)', body: saveBookingTimesRequest },
      },
      async (req) => saveBookingTimes(deps, await requireUser(deps, req), undefined, req.body),
    );
    app.put(
      '/api/admin/vehicles/:id/attributes',
      {
        config: { access: ACCESS.fleet },
        schema: {
          tags,
          summary: 'Attributwerte eines Fahrzeugs',
          params: idParams,
          body: saveVehicleAttributesRequest,
          response: { 200: vehicleDetail },
        },
      },
      async (req) => saveVehicleAttributes(deps, await requireUser(deps, req), req.params.id, req.body.attributes),
    );
    app.post(
      '/api/admin/vehicles/:id/image',
      {
        config: { access: ACCESS.fleet },
        schema: { tags, summary: 'Bild hochladen (PNG/JPG, max. 5 MB)', params: idParams, response: { 200: imageUploadResponse } },
      },
      async (req) => {
        const user = await requireUser(deps, req);
        return uploadVehicleImage(deps, user, req.params.id, await fileBytes(req));
      },
    );
    app.post(
      '/api/admin/vehicles/:id/blocks',
      {
        config: { access: ACCESS.fleet },
        schema: {
          tags,
          summary: 'Fahrzeug für Wartung, Service oder Defekt sperren',
          params: idParams,
          body: maintenanceBlockRequest,
          response: { 201: maintenanceBlockResponse },
        },
      },
      async (req, reply) => reply.code(201).send(await blockVehicle(deps, await requireUser(deps, req), req.params.id, req.body)),
    );

    // ── bookings ──
    app.get(
      '/api/vehicle-bookings/possible-bookers',
      {
        config: { access: ACCESS.vehicles },
        schema: { tags, summary: 'Personen, für die gebucht werden darf', response: { 200: possibleBookersResponse } },
      },
      async (req) => possibleBookers(deps, await requireUser(deps, req)),
    );
    app.get(
      '/api/vehicle-bookings/mine',
      {
        config: { access: ACCESS.vehicles },
        schema: {
          tags,
          summary: 'Eigene Buchungen und Buchungen für andere',
          querystring: myBookingsQuery,
          response: { 200: myBookingsResponse },
        },
      },
      async (req) => myBookings(deps, await requireUser(deps, req), req.query.includePast === 'true', req.query.status),
    );
    app.post(
      '/api/vehicle-bookings',
      {
        config: { access: ACCESS.vehicles },
        schema: { tags, summary: 'Fahrzeug buchen', body: createBookingRequest, response: { 201: bookingResponse } },
      },
      async (req, reply) => {
        const user = await requireUser(deps, req);
        return reply.code(201).send({ booking: await createBooking(deps, user, requestOrigin(req), req.body) });
      },
    );
    app.get(
      '/api/vehicle-bookings/:id',
      {
        config: { access: ACCESS.vehicles },
        schema: { tags, summary: 'Eine Buchung', params: idParams, response: { 200: bookingResponse } },
      },
      async (req) => ({
        booking: await getBooking(deps, await requireUser(deps, req), req.params.id),
      }),
    );
    app.patch(
      '/api/vehicle-bookings/:id',
      {
        config: { access: ACCESS.vehicles },
        schema: { tags, summary: 'Buchung ändern', params: idParams, body: updateBookingRequest, response: { 200: bookingResponse } },
      },
      async (req) => ({ booking: await updateBooking(deps, await requireUser(deps, req), requestOrigin(req), req.params.id, req.body) }),
    );
    app.post(
      '/api/vehicle-series/preview',
      {
        config: { access: ACCESS.vehicles },
        schema: {
          tags,
          summary: 'Vorschau einer Fahrzeugserie: welche Termine buchbar sind und welche nicht (mit Grund); speichert nichts',
          body: vehicleSeriesRequest,
          response: { 200: vehicleSeriesResponse },
        },
      },
      async (req) => previewSeries(deps, vehicleSeries, await requireUser(deps, req), req.body),
    );
    app.post(
      '/api/vehicle-series',
      {
        config: { access: ACCESS.vehicles },
        schema: {
          tags,
          summary: 'Fahrzeugserie speichern: bucht alle buchbaren Termine in einer Transaktion',
          body: vehicleSeriesRequest,
          response: { 200: vehicleSeriesResponse },
        },
      },
      async (req) => createSeries(deps, vehicleSeries, await requireUser(deps, req), req.body, requestOrigin(req)),
    );
    app.post(
      '/api/vehicle-bookings/:id/cancel-series',
      {
        config: { access: ACCESS.vehicles },
        schema: {
          tags,
          summary: 'Termin einer Fahrzeugserie stornieren: diesen, diesen und alle folgenden oder die ganze Serie',
          params: idParams,
          body: vehicleSeriesCancelRequest,
          response: { 200: vehicleSeriesCancelResponse },
        },
      },
      async (req) => cancelInSeries(deps, vehicleSeries, await requireUser(deps, req), req.params.id, req.body.scope),
    );
    app.post(
      '/api/vehicle-bookings/:id/cancel',
      {
        config: { access: ACCESS.vehicles },
        schema: {
          tags,
          summary: 'Buchung stornieren',
          params: idParams,
          body: cancelBookingRequest.optional(),
          response: { 200: bookingResponse },
        },
      },
      async (req) => ({ booking: await cancelBooking(deps, await requireUser(deps, req), req.params.id, req.body?.reason) }),
    );
    app.post(
      '/api/vehicle-bookings/:id/check-in',
      {
        config: { access: ACCESS.vehicles },
        schema: { tags, summary: 'Fahrt starten', params: idParams, body: checkInRequest.optional(), response: { 200: bookingResponse } },
      },
      async (req) => ({ booking: await checkIn(deps, await requireUser(deps, req), req.params.id, req.body ?? {}, requestOrigin(req)) }),
    );
    app.post(
      '/api/vehicle-bookings/:id/check-out',
      {
        config: { access: ACCESS.vehicles },
        schema: { tags, summary: 'Fahrt beenden', params: idParams, body: checkOutRequest, response: { 200: bookingResponse } },
      },
      async (req) => ({ booking: await checkOut(deps, await requireUser(deps, req), req.params.id, req.body, requestOrigin(req)) }),
    );
    app.post(
      '/api/vehicle-bookings/:id/receipts',
      {
        config: { access: ACCESS.vehicles },
        schema: {
          tags,
          summary: 'Schadensfoto oder Beleg hochladen (PNG/JPG/PDF)',
          params: idParams,
          response: { 200: receiptUploadResponse },
        },
      },
      async (req) => {
        const user = await requireUser(deps, req);
        return uploadReceipt(deps, user, req.params.id, await fileBytes(req));
      },
    );

    // ── special trips ──
    app.get(
      '/api/vehicle-approvals',
      { config: { access: ACCESS.approver }, schema: { tags, summary: 'Sonderfahrten zur Freigabe', response: { 200: approvalList } } },
      async (req) => listApprovals(deps, await withPermission(deps, req, 'fahrzeug_freigabe_von_sonderfahrten')),
    );
    app.post(
      '/api/vehicle-approvals/:id/approve',
      {
        config: { access: ACCESS.approver },
        schema: { tags, summary: 'Sonderfahrt freigeben', params: idParams, response: { 200: bookingResponse } },
      },
      async (req) => ({
        booking: await decide(deps, await withPermission(deps, req, 'fahrzeug_freigabe_von_sonderfahrten'), req.params.id, true),
      }),
    );
    app.post(
      '/api/vehicle-approvals/:id/reject',
      {
        config: { access: ACCESS.approver },
        schema: {
          tags,
          summary: 'Sonderfahrt ablehnen (storniert die Buchung)',
          params: idParams,
          body: rejectRequest.optional(),
          response: { 200: bookingResponse },
        },
      },
      async (req) => ({
        booking: await decide(
          deps,
          await withPermission(deps, req, 'fahrzeug_freigabe_von_sonderfahrten'),
          req.params.id,
          false,
          req.body?.reason,
        ),
      }),
    );
  };
