/**
 * What a trip's hand-over and return ask for: a bike has no
 * odometer, a bike without motor no fuel or charge. A vehicle counts as a bike
 * when its category names one (Rad, Fahrrad, E-Bike, Pedelec, Lastenrad, Bike)
 * or its drive is muscle power; an e-bike's battery charge is still asked.
 */
export interface TripFields {
  mileage: boolean;
  fuel: boolean;
}

const BIKE_CATEGORY = /(rad$|rad\b|fahrrad|bike|pedelec)/i;
const NO_MOTOR = /^(muskelkraft|ohne)$/i;
const MOTORCYCLE = /(motorrad|kraftrad|roller)/i;

export function tripFields(v: { category: string; fuel: string }): TripFields {
  const noMotor = NO_MOTOR.test(v.fuel.trim());
  const bike = noMotor || (BIKE_CATEGORY.test(v.category.trim()) && !MOTORCYCLE.test(v.category));
  return { mileage: !bike, fuel: !noMotor };
}
