import {
  activeRequest,
  adminObjectsResponse,
  adminOpeningHours,
  createKioskLinkRequest,
  createKioskLinkResponse,
  deviatingOpeningHourRequest,
  deviatingOpeningHourResponse,
  equipmentListResponse,
  equipmentRequest,
  equipmentResponse,
  floorPlanActiveResponse,
  floorPlanRequest,
  floorPlanResponse,
  floorPlansResponse,
  idParams,
  kioskLinksResponse,
  locationsResponse,
  objectActiveResponse,
  objectPatchRequest,
  objectRequest,
  objectResponse,
  openingPeriodRequest,
  openingPeriodResponse,
  positionsRequest,
  regularOpeningHoursRequest,
  removalPreviewResponse,
} from '@contracts/reading-rooms';
import { okResponse } from '@contracts/session';
import { ACCESS } from '@domain/route-access';
import { uploadFailed } from '@domain/uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requestOrigin, requireUser } from '../../http/request-context';
import {
  createDeviation,
  createEquipment,
  createKioskLink,
  createObject,
  createPeriod,
  getOpeningHours,
  listEquipmentAdmin,
  listKioskLinksAdmin,
  listLocationsAdmin,
  listObjectsAdmin,
  listPlansAdmin,
  patchDeviation,
  patchObject,
  removeDeviation,
  removeEquipment,
  removeKioskLink,
  removePeriod,
  renameEquipment,
  savePeriod,
  savePlan,
  savePositions,
  saveRegularHours,
  uploadPlanImage,
} from './admin';
import {
  deleteObjectAdmin,
  deletePlanAdmin,
  objectRemovalPreview,
  planRemovalPreview,
  setObjectActiveAdmin,
  setPlanActiveAdmin,
} from './removal';

const tags = ['reading-rooms-admin'];

export const readingRoomAdminRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/reading-rooms/locations',
      { config: { access: ACCESS.rooms }, schema: { tags, summary: 'Standorte', response: { 200: locationsResponse } } },
      async (req) => ({
        locations: await listLocationsAdmin(deps, await requireUser(deps, req)),
      }),
    );

    app.get(
      '/api/admin/reading-rooms/floor-plans',
      {
        config: { access: ACCESS.rooms },
        schema: {
          tags,
          summary: 'Grundrisse',
          querystring: z.object({ area: z.enum(['leseraum', 'arbeitswelt']).optional() }),
          response: { 200: floorPlansResponse },
        },
      },
      async (req) => ({ floorPlans: await listPlansAdmin(deps, await requireUser(deps, req), req.query.area) }),
    );
    app.post(
      '/api/admin/reading-rooms/floor-plans',
      {
        config: { access: ACCESS.rooms },
        schema: { tags, summary: 'Grundriss anlegen', body: floorPlanRequest, response: { 200: floorPlanResponse } },
      },
      async (req) => ({
        floorPlan: await savePlan(deps, await requireUser(deps, req), null, req.body),
      }),
    );
    app.patch(
      '/api/admin/reading-rooms/floor-plans/:id',
      {
        config: { access: ACCESS.rooms },
        schema: { tags, summary: 'Grundriss ändern', params: idParams, body: floorPlanRequest, response: { 200: floorPlanResponse } },
      },
      async (req) => ({ floorPlan: await savePlan(deps, await requireUser(deps, req), req.params.id, req.body) }),
    );
    app.put(
      '/api/admin/reading-rooms/floor-plans/:id/image',
      {
        config: { access: ACCESS.rooms },
        schema: {
          tags,
          summary: 'Grundrissbild hochladen (png/jpg, höchstens 10 MB)',
          params: idParams,
          response: { 200: floorPlanResponse },
        },
      },
      async (req) => {
        const user = await requireUser(deps, req);
        const file = req.isMultipart() ? await req.file() : undefined;
        if (!file) throw uploadFailed('Es wurde keine Datei übermittelt.', 'No file was sent.');
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch {
          throw uploadFailed('Die Datei ist größer als 10 MB.', 'The file is larger than 10 MB.', 413);
        }
        return { floorPlan: await uploadPlanImage(deps, user, req.params.id, bytes) };
      },
    );

    app.get(
      '/api/admin/reading-rooms/floor-plans/:id/objects',
      {
        config: { access: ACCESS.rooms },
        schema: { tags, summary: 'Plätze und Räume eines Grundrisses', params: idParams, response: { 200: adminObjectsResponse } },
      },
      async (req) => ({ objects: await listObjectsAdmin(deps, await requireUser(deps, req), req.params.id) }),
    );
    app.put(
      '/api/admin/reading-rooms/floor-plans/:id/positions',
      {
        config: { access: ACCESS.rooms },
        schema: {
          tags,
          summary: 'Positionen gezogener Plätze speichern',
          params: idParams,
          body: positionsRequest,
          response: { 200: adminObjectsResponse },
        },
      },
      async (req) => ({ objects: await savePositions(deps, await requireUser(deps, req), req.params.id, req.body.positions) }),
    );
    app.post(
      '/api/admin/reading-rooms/objects',
      {
        config: { access: ACCESS.rooms },
        schema: { tags, summary: 'Platz oder Raum anlegen', body: objectRequest, response: { 200: objectResponse } },
      },
      async (req) => {
        const { floorPlanId, ...rest } = req.body;
        return { object: await createObject(deps, await requireUser(deps, req), floorPlanId, rest) };
      },
    );
    app.patch(
      '/api/admin/reading-rooms/objects/:id',
      {
        config: { access: ACCESS.rooms },
        schema: { tags, summary: 'Platz oder Raum ändern', params: idParams, body: objectPatchRequest, response: { 200: objectResponse } },
      },
      async (req) => ({ object: await patchObject(deps, await requireUser(deps, req), req.params.id, req.body, requestOrigin(req)) }),
    );

    // ---- removing safely (decision 025) ----
    app.get(
      '/api/admin/reading-rooms/objects/:id/removal-preview',
      {
        config: { access: ACCESS.rooms },
        schema: {
          tags,
          summary: 'Wie viele offene Buchungen eine Deaktivierung storniert; ob Löschen möglich ist',
          params: idParams,
          response: { 200: removalPreviewResponse },
        },
      },
      async (req) => objectRemovalPreview(deps, await requireUser(deps, req), req.params.id),
    );
    app.put(
      '/api/admin/reading-rooms/objects/:id/active',
      {
        config: { access: ACCESS.rooms },
        schema: {
          tags,
          summary: 'Platz oder Raum (de)aktivieren; Deaktivieren storniert offene Buchungen ab jetzt',
          params: idParams,
          body: activeRequest,
          response: { 200: objectActiveResponse },
        },
      },
      async (req) => setObjectActiveAdmin(deps, await requireUser(deps, req), req.params.id, req.body.active, requestOrigin(req)),
    );
    app.delete(
      '/api/admin/reading-rooms/objects/:id',
      {
        config: { access: ACCESS.rooms },
        schema: { tags, summary: 'Nie gebuchten Platz oder Raum endgültig löschen', params: idParams, response: { 200: okResponse } },
      },
      async (req) => {
        await deleteObjectAdmin(deps, await requireUser(deps, req), req.params.id);
        return { ok: true as const };
      },
    );
    app.get(
      '/api/admin/reading-rooms/floor-plans/:id/removal-preview',
      {
        config: { access: ACCESS.rooms },
        schema: {
          tags,
          summary: 'Wie viele offene Buchungen eine Deaktivierung des Grundrisses storniert; ob Löschen möglich ist',
          params: idParams,
          response: { 200: removalPreviewResponse },
        },
      },
      async (req) => planRemovalPreview(deps, await requireUser(deps, req), req.params.id),
    );
    app.put(
      '/api/admin/reading-rooms/floor-plans/:id/active',
      {
        config: { access: ACCESS.rooms },
        schema: {
          tags,
          summary: 'Grundriss (de)aktivieren; Deaktivieren storniert offene Buchungen ab jetzt',
          params: idParams,
          body: activeRequest,
          response: { 200: floorPlanActiveResponse },
        },
      },
      async (req) => setPlanActiveAdmin(deps, await requireUser(deps, req), req.params.id, req.body.active, requestOrigin(req)),
    );
    app.delete(
      '/api/admin/reading-rooms/floor-plans/:id',
      {
        config: { access: ACCESS.rooms },
        schema: {
          tags,
          summary: 'Nie gebuchten Grundriss mit Plätzen, Öffnungszeiten, Kiosk-Links und Planbild endgültig löschen',
          params: idParams,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        await deletePlanAdmin(deps, await requireUser(deps, req), req.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/admin/equipment',
      { config: { access: ACCESS.rooms }, schema: { tags, summary: 'Ausstattung', response: { 200: equipmentListResponse } } },
      async (req) => ({
        equipment: await listEquipmentAdmin(deps, await requireUser(deps, req)),
      }),
    );
    app.post(
      '/api/admin/equipment',
      {
        config: { access: ACCESS.rooms },
        schema: { tags, summary: 'Ausstattung anlegen', body: equipmentRequest, response: { 200: equipmentResponse } },
      },
      async (req) => ({
        equipment: await createEquipment(deps, await requireUser(deps, req), req.body.name),
      }),
    );
    app.patch(
      '/api/admin/equipment/:id',
      {
        config: { access: ACCESS.rooms },
        schema: { tags, summary: 'Ausstattung umbenennen', params: idParams, body: equipmentRequest, response: { 200: equipmentResponse } },
      },
      async (req) => ({ equipment: await renameEquipment(deps, await requireUser(deps, req), req.params.id, req.body.name) }),
    );
    app.delete(
      '/api/admin/equipment/:id',
      {
        config: { access: ACCESS.rooms },
        schema: { tags, summary: 'Ausstattung löschen', params: idParams, response: { 200: okResponse } },
      },
      async (req) => {
        await removeEquipment(deps, await requireUser(deps, req), req.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/admin/reading-rooms/floor-plans/:id/opening-hours',
      {
        config: { access: ACCESS.openingHours },
        schema: { tags, summary: 'Öffnungszeiten und abweichende Öffnungszeiten', params: idParams, response: { 200: adminOpeningHours } },
      },
      async (req) => getOpeningHours(deps, await requireUser(deps, req), req.params.id),
    );
    app.put(
      '/api/admin/reading-rooms/floor-plans/:id/opening-hours',
      {
        config: { access: ACCESS.openingHours },
        schema: {
          tags,
          summary: 'Regelmäßige Öffnungszeiten speichern',
          params: idParams,
          body: regularOpeningHoursRequest,
          response: { 200: adminOpeningHours },
        },
      },
      async (req) => saveRegularHours(deps, await requireUser(deps, req), req.params.id, req.body.regular),
    );
    app.post(
      '/api/admin/reading-rooms/floor-plans/:id/deviating-opening-hours',
      {
        config: { access: ACCESS.openingHours },
        schema: {
          tags,
          summary: 'Abweichende Öffnungszeit anlegen',
          params: idParams,
          body: deviatingOpeningHourRequest,
          response: { 200: deviatingOpeningHourResponse },
        },
      },
      async (req) => ({ deviating: await createDeviation(deps, await requireUser(deps, req), req.params.id, req.body) }),
    );
    app.patch(
      '/api/admin/reading-rooms/deviating-opening-hours/:id',
      {
        config: { access: ACCESS.openingHours },
        schema: {
          tags,
          summary: 'Abweichende Öffnungszeit ändern',
          params: idParams,
          body: deviatingOpeningHourRequest,
          response: { 200: deviatingOpeningHourResponse },
        },
      },
      async (req) => ({ deviating: await patchDeviation(deps, await requireUser(deps, req), req.params.id, req.body) }),
    );
    app.delete(
      '/api/admin/reading-rooms/deviating-opening-hours/:id',
      {
        config: { access: ACCESS.openingHours },
        schema: { tags, summary: 'Abweichende Öffnungszeit löschen', params: idParams, response: { 200: okResponse } },
      },
      async (req) => {
        await removeDeviation(deps, await requireUser(deps, req), req.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/admin/reading-rooms/floor-plans/:id/opening-periods',
      {
        config: { access: ACCESS.openingHours },
        schema: {
          tags,
          summary: 'Öffnungszeitraum anlegen (z. B. Vorlesungszeit)',
          params: idParams,
          body: openingPeriodRequest,
          response: { 200: openingPeriodResponse },
        },
      },
      async (req) => ({ period: await createPeriod(deps, await requireUser(deps, req), req.params.id, req.body) }),
    );
    app.put(
      '/api/admin/reading-rooms/opening-periods/:id',
      {
        config: { access: ACCESS.openingHours },
        schema: {
          tags,
          summary: 'Öffnungszeitraum ändern',
          params: idParams,
          body: openingPeriodRequest,
          response: { 200: openingPeriodResponse },
        },
      },
      async (req) => ({ period: await savePeriod(deps, await requireUser(deps, req), req.params.id, req.body) }),
    );
    app.delete(
      '/api/admin/reading-rooms/opening-periods/:id',
      {
        config: { access: ACCESS.openingHours },
        schema: { tags, summary: 'Öffnungszeitraum löschen', params: idParams, response: { 200: okResponse } },
      },
      async (req) => {
        await removePeriod(deps, await requireUser(deps, req), req.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/admin/kiosk-links',
      { config: { access: ACCESS.rooms }, schema: { tags, summary: 'Kiosk-Links', response: { 200: kioskLinksResponse } } },
      async (req) => ({
        links: await listKioskLinksAdmin(deps, await requireUser(deps, req)),
      }),
    );
    app.post(
      '/api/admin/kiosk-links',
      {
        config: { access: ACCESS.rooms },
        schema: {
          tags,
          summary: 'Kiosk-Link anlegen (Token wird nur einmal angezeigt)',
          body: createKioskLinkRequest,
          response: { 200: createKioskLinkResponse },
        },
      },
      async (req) => createKioskLink(deps, await requireUser(deps, req), requestOrigin(req), req.body.floorPlanId, req.body.name),
    );
    app.delete(
      '/api/admin/kiosk-links/:id',
      {
        config: { access: ACCESS.rooms },
        schema: { tags, summary: 'Kiosk-Link widerrufen', params: idParams, response: { 200: okResponse } },
      },
      async (req) => {
        await removeKioskLink(deps, await requireUser(deps, req), req.params.id);
        return { ok: true as const };
      },
    );
  };
