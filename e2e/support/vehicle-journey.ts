import type { Locator, Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { newPage } from './browser';
import { type JourneyEnv, SHOTS, signedInState } from './journey';

/** Helpers of the pool-vehicle journeys (logbook, reports, vehicle care). */

export const SW = 'stadtwerke.localhost';

/**
 * Opens pages for a spec file and closes them after each test; when a test failed, each page is
 * photographed first (`screenshots/{name}-failure-{n}.png`), so a red run shows what the browser saw.
 */
export function pagesOf(env: JourneyEnv, name: string) {
  const opened: Page[] = [];
  afterEach(async (ctx) => {
    const failed = ctx.task.result?.state === 'fail';
    for (const [i, p] of opened.splice(0).entries()) {
      if (failed) await p.screenshot({ path: `${SHOTS}/${name}-failure-${i}.png`, fullPage: true }).catch(() => undefined);
      await p
        .context()
        .close()
        .catch(() => undefined);
    }
  });
  return async (opts: { width?: number; height?: number } = {}) => {
    const page = await newPage(env.browser, opts);
    opened.push(page);
    return page;
  };
}

/**
 * Signs a demo account in at the Stadtwerke and opens the vehicle list. The session comes from the API: these
 * journeys are about trips, logbooks and care, and the login form with its redirect to the start page has its
 * own journeys (foundation.spec.ts) and integration tests.
 */
export async function signInToVehicles(env: JourneyEnv, page: Page, email: string) {
  await page.context().addCookies((await signedInState(env.server, 'stadtwerke', email)).cookies);
  await page.goto(env.server.url('stadtwerke', '/fahrzeuge'));
  await page.waitForURL(/\/fahrzeuge$/);
}

/** A vehicle bookable around the clock, so the journey does not depend on the time of day. */
export async function roundTheClockVehicle(
  env: JourneyEnv,
  fleet: string,
  car: { brand: string; model: string; licensePlate: string; requiredLicenseClass?: string | null },
  /** where the car stands; the tenant's first location when not given */
  locationId?: string,
): Promise<string> {
  const locations = (await env.server.call(SW, { method: 'GET', url: '/api/vehicle-locations', cookie: fleet })).json().locations as {
    id: string;
  }[];
  const res = await env.server.call(SW, {
    method: 'POST',
    url: '/api/admin/vehicles',
    cookie: fleet,
    payload: {
      validFrom: null,
      validTo: null,
      locationId: locationId ?? locations[0]!.id,
      category: 'Kleinwagen',
      ...car,
      fuel: 'Benzin',
      powerKw: 55,
      gearbox: 'Schaltgetriebe',
      trunkBags: 2,
      seats: 5,
      doors: 5,
      colour: 'Weiß',
      requiredLicenseClass: car.requiredLicenseClass === undefined ? 'B' : car.requiredLicenseClass,
      airConditioning: true,
      navigation: false,
      cruiseControl: false,
      seatHeating: false,
      guestBookingPossible: false,
      bookingOutsidePossible: false,
      departmentIds: [],
      bookingTimes: {
        weekdays: ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'],
        from: '00:00',
        to: '23:59',
      },
      attributes: {},
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** Books the vehicle from in five minutes for an hour and starts the trip over the API; the journey then ends it in the browser. */
export async function startedTrip(
  env: JourneyEnv,
  booker: string,
  vehicleId: string,
  trip: { reason: string; destination: string; mileage: number },
): Promise<string> {
  const booked = await env.server.call(SW, {
    method: 'POST',
    url: '/api/vehicle-bookings',
    cookie: booker,
    payload: {
      vehicleId,
      von: new Date(Date.now() + 5 * 60_000).toISOString(),
      bis: new Date(Date.now() + 65 * 60_000).toISOString(),
      reason: trip.reason,
      destination: trip.destination,
    },
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const bookingId = booked.json().booking.id as string;
  const started = await env.server.call(SW, {
    method: 'POST',
    url: `/api/vehicle-bookings/${bookingId}/check-in`,
    cookie: booker,
    payload: { mileage: trip.mileage, ...(await allPointsInOrder(env, booker, vehicleId)) },
  });
  expect(started.statusCode, started.body).toBe(200);
  return bookingId;
}

/** The check before the trip of the vehicle's category answered „in Ordnung“ throughout, as the start request carries it. */
export async function allPointsInOrder(env: JourneyEnv, cookie: string, vehicleId: string) {
  const res = await env.server.call(SW, { method: 'GET', url: `/api/vehicles/${vehicleId}/trip-checklist`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  const checklist = res.json().checklist as { versionId: string; items: { id: string }[] } | null;
  return checklist
    ? { checklist: { versionId: checklist.versionId, answers: checklist.items.map((i) => ({ itemId: i.id, ok: true })) } }
    : {};
}

/** In the start dialog: every point of the check before the trip „In Ordnung“ („In order“ in English). */
export async function answerAllInOrder(dialog: Locator, label = 'In Ordnung') {
  await dialog.getByTestId('trip-check').waitFor();
  for (const radio of await dialog.getByRole('radio', { name: label, exact: true }).all()) await radio.check();
}
