import { defineErrors } from './errors';

/**
 * Fuel and charging cards, receipts and the costs of the fleet
 * (docs/product.md#fleet-costs): the card number is kept as its last four
 * digits, a receipt is checked for plausibility before it is stored, and the
 * cost report derives cost per kilometre, per booked hour and consumption.
 */

export const CARD_KINDS = ['kraftstoff', 'laden'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** A receipt is fuel (litres), a charging session (kWh) or another cost of the vehicle (car wash, parking, AdBlue …). */
export const RECEIPT_KINDS = ['kraftstoff', 'laden', 'sonstiges'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

const de = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });
const en = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

export const fleetCostsErrors = defineErrors({
  card_number_invalid: {
    status: 400,
    de: 'Die Kartennummer muss aus 6 bis 24 Ziffern bestehen.',
    en: 'The card number must consist of 6 to 24 digits.',
  },
  card_kind_mismatch: {
    status: 400,
    de: 'Eine Tankkarte passt nur zu einem Tankbeleg, eine Ladekarte nur zu einem Ladevorgang.',
    en: 'A fuel card only fits a fuel receipt, a charging card only a charging session.',
  },
  amount_negative: { status: 400, de: 'Der Betrag darf nicht negativ sein.', en: 'The amount must not be negative.' },
  amount_cents: {
    status: 400,
    de: 'Der Betrag darf höchstens zwei Nachkommastellen haben.',
    en: 'The amount may have at most two decimal places.',
  },
  quantity_negative: { status: 400, de: 'Die Menge darf nicht negativ sein.', en: 'The quantity must not be negative.' },
  litres_missing: { status: 400, de: 'Ein Tankbeleg braucht die getankten Liter.', en: 'A fuel receipt needs the litres filled.' },
  kwh_missing: { status: 400, de: 'Ein Ladevorgang braucht die geladenen kWh.', en: 'A charging session needs the kWh charged.' },
  receipt_future: {
    status: 400,
    de: 'Ein Beleg kann nicht in der Zukunft liegen.',
    en: 'A receipt cannot be dated in the future.',
  },
  over_tank: {
    status: 400,
    texts: (p: { litres: number; tank: number }) => ({
      de: `${de.format(p.litres)} Liter passen nicht in den Tank dieses Fahrzeugs (${de.format(p.tank)} Liter).`,
      en: `${en.format(p.litres)} litres do not fit into this vehicle's tank (${en.format(p.tank)} litres).`,
    }),
  },
  over_battery: {
    status: 400,
    texts: (p: { kwh: number; battery: number }) => ({
      de: `${de.format(p.kwh)} kWh passen nicht in die Batterie dieses Fahrzeugs (${de.format(p.battery)} kWh).`,
      en: `${en.format(p.kwh)} kWh do not fit into this vehicle's battery (${en.format(p.battery)} kWh).`,
    }),
  },
  odometer_below: {
    status: 400,
    texts: (p: { last: number }) => ({
      de: `Der Kilometerstand liegt unter dem zuletzt bekannten (${p.last.toLocaleString('de-DE')} km).`,
      en: `The odometer reading is below the last known one (${p.last.toLocaleString('en-GB')} km).`,
    }),
  },
});

/**
 * The last four digits of a card number as entered (spaces and hyphens
 * allowed). Only these are stored: the full number and the PIN never reach
 * the database, so a leak of Buchbar's data cannot be used at a pump.
 */
export function cardLastFour(number: string): string {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{6,24}$/.test(digits)) throw fleetCostsErrors.fail('card_number_invalid');
  return digits.slice(-4);
}

/** How a card is shown everywhere: the last four digits behind dots. */
export const maskedCard = (lastFour: string) => `•••• ${lastFour}`;

/** Euros as entered to cents: not negative, at most two decimals. */
export function amountToCents(euro: number): number {
  if (euro < 0) throw fleetCostsErrors.fail('amount_negative');
  const cents = Math.round(euro * 100);
  if (Math.abs(cents - euro * 100) > 1e-6) throw fleetCostsErrors.fail('amount_cents');
  return cents;
}

export interface ReceiptCheck {
  kind: ReceiptKind;
  /** ISO day of the receipt and today in Europe/Berlin. */
  day: string;
  today: string;
  litres: number | null;
  kwh: number | null;
  amount: number;
  odometer: number | null;
  /** The highest odometer reading known before this receipt's day (logbook, trips, receipts), null if none. */
  previousOdometer: number | null;
  tankLitres: number | null;
  batteryKwh: number | null;
  /** The kind of the card paid with, if any. */
  cardKind: CardKind | null;
}

/**
 * Refuses a receipt that cannot be true (docs/product.md#fleet-costs): a
 * negative amount or quantity, a day after today, more litres than the tank
 * holds or more kWh than the battery, an odometer below the last known one,
 * or a card of the other kind. The first failing rule answers, in this order,
 * so a person fixes one thing at a time.
 */
export function checkReceipt(r: ReceiptCheck): void {
  if (r.amount < 0) throw fleetCostsErrors.fail('amount_negative');
  if ((r.litres ?? 0) < 0 || (r.kwh ?? 0) < 0) throw fleetCostsErrors.fail('quantity_negative');
  if (r.day > r.today) throw fleetCostsErrors.fail('receipt_future');
  if (r.kind === 'kraftstoff' && !(r.litres && r.litres > 0)) throw fleetCostsErrors.fail('litres_missing');
  if (r.kind === 'laden' && !(r.kwh && r.kwh > 0)) throw fleetCostsErrors.fail('kwh_missing');
  if (r.cardKind !== null && r.cardKind !== r.kind) throw fleetCostsErrors.fail('card_kind_mismatch');
  if (r.kind === 'kraftstoff' && r.tankLitres !== null && r.litres! > r.tankLitres) {
    throw fleetCostsErrors.fail('over_tank', { litres: r.litres!, tank: r.tankLitres });
  }
  if (r.kind === 'laden' && r.batteryKwh !== null && r.kwh! > r.batteryKwh) {
    throw fleetCostsErrors.fail('over_battery', { kwh: r.kwh!, battery: r.batteryKwh });
  }
  if (r.odometer !== null && r.previousOdometer !== null && r.odometer < r.previousOdometer) {
    throw fleetCostsErrors.fail('odometer_below', { last: r.previousOdometer });
  }
}

/** What the database sums per vehicle for a period; amounts in cents. */
export interface VehicleCostInput {
  fuelCents: number;
  chargingCents: number;
  serviceCents: number;
  repairCents: number;
  otherCents: number;
  litres: number;
  kwh: number;
  kilometres: number;
  bookedMinutes: number;
}

export interface VehicleCostFigures {
  fuel: number;
  charging: number;
  service: number;
  repair: number;
  other: number;
  total: number;
  kilometres: number;
  bookedHours: number;
  /** Euros per kilometre driven, null without kilometres. */
  perKilometre: number | null;
  /** Euros per booked hour, null without bookings. */
  perBookedHour: number | null;
  /** Litres per 100 km and kWh per 100 km, null when nothing was filled or driven. */
  litresPer100: number | null;
  kwhPer100: number | null;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const per = (amount: number, base: number, digits: number) => (base > 0 && amount > 0 ? round(amount / base, digits) : null);

/**
 * The figures of one vehicle (or the whole fleet) from its sums. Consumption
 * divides what was filled by what was driven in the same period: over a
 * month the tank level at its edges evens out, and the report says so.
 */
export function costFigures(s: VehicleCostInput): VehicleCostFigures {
  const totalCents = s.fuelCents + s.chargingCents + s.serviceCents + s.repairCents + s.otherCents;
  const hours = s.bookedMinutes / 60;
  return {
    fuel: s.fuelCents / 100,
    charging: s.chargingCents / 100,
    service: s.serviceCents / 100,
    repair: s.repairCents / 100,
    other: s.otherCents / 100,
    total: totalCents / 100,
    kilometres: s.kilometres,
    bookedHours: round(hours, 1),
    perKilometre: per(totalCents / 100, s.kilometres, 2),
    perBookedHour: per(totalCents / 100, hours, 2),
    litresPer100: per(s.litres * 100, s.kilometres, 1),
    kwhPer100: per(s.kwh * 100, s.kilometres, 1),
  };
}

/** Sums of several vehicles, for the fleet line of the report. */
export function sumCosts(rows: readonly VehicleCostInput[]): VehicleCostInput {
  const out: VehicleCostInput = {
    fuelCents: 0,
    chargingCents: 0,
    serviceCents: 0,
    repairCents: 0,
    otherCents: 0,
    litres: 0,
    kwh: 0,
    kilometres: 0,
    bookedMinutes: 0,
  };
  for (const r of rows) for (const k of Object.keys(out) as (keyof VehicleCostInput)[]) out[k] += r[k];
  return out;
}
