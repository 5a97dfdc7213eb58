import { addDays, berlinDay, berlinInstant } from '@domain/vehicle-time';
import type { ReceivedMail, startSmtpServer } from '../support/smtp';
import type { TestApp } from '../support/test-app';

export const SW = 'stadtwerke.localhost';
export const TI = 'tourismus.localhost';
export const UB = 'bibliothek.localhost';

/** An instant `days` Berlin days from today at HH:mm. */
export const dayAt = (days: number, time: string): string => berlinInstant(addDays(berlinDay(new Date()), days), time).toISOString();

export async function vehicleByPlate(
  t: TestApp,
  cookie: string,
  plate: string,
): Promise<{ id: string; locationId: string; [k: string]: unknown }> {
  const res = await t.call(SW, { method: 'GET', url: '/api/vehicles', cookie });
  if (res.statusCode !== 200) throw new Error(`vehicles: ${res.statusCode} ${res.body}`);
  const v = (res.json().vehicles as { id: string; licensePlate: string; locationId: string }[]).find((x) => x.licensePlate === plate);
  if (!v) throw new Error(`Fahrzeug ${plate} fehlt`);
  return v;
}

export async function locationId(t: TestApp, host: string, cookie: string, name: string): Promise<string> {
  const res = await t.call(host, { method: 'GET', url: '/api/vehicle-locations', cookie });
  return (res.json().locations as { id: string; name: string }[]).find((l) => l.name === name)!.id;
}

/** A vehicle bookable every day around the clock, for tests that need full control over times. */
export function testVehicle(locationId: string, plate: string, over: Record<string, unknown> = {}) {
  return {
    validFrom: null,
    validTo: null,
    locationId,
    category: 'Testwagen',
    brand: 'Test',
    model: 'Modell',
    licensePlate: plate,
    fuel: 'Benzin',
    powerKw: 70,
    gearbox: 'Schaltgetriebe',
    trunkBags: 2,
    seats: 5,
    doors: 5,
    colour: 'Weiß',
    requiredLicenseClass: 'B',
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
    ...over,
  };
}

export async function createVehicle(t: TestApp, cookie: string, body: object): Promise<{ id: string } & Record<string, unknown>> {
  const res = await t.call(SW, { method: 'POST', url: '/api/admin/vehicles', cookie, payload: body });
  if (res.statusCode !== 201) throw new Error(`create vehicle: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function book(t: TestApp, cookie: string, payload: object, host = SW) {
  return t.call(host, { method: 'POST', url: '/api/vehicle-bookings', cookie, payload });
}

/** Waits for a mail to `to` whose subject contains `subject`. */
export async function mailTo(
  smtp: Awaited<ReturnType<typeof startSmtpServer>>,
  to: string,
  subject: string,
  timeoutMs = 10_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = smtp.mails.find((m) => m.to.includes(to) && m.subject.includes(subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Keine Mail „${subject}“ an ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
