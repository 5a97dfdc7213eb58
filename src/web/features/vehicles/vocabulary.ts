import type { CLEANLINESS as ContractCleanliness, VEHICLE_BOOKING_TOPIC as ContractTopic } from '@contracts/vehicles';

/**
 * The few vocabulary values of src/contracts/vehicles.ts the booking screens
 * need at run time. Importing them from the contract would bundle the whole
 * contract with zod (about 28 KB gzip) into /fahrzeuge (docs/product.md#performance-budgets, decision
 * 006); the types below keep both lists identical at compile time, and
 * vocabulary.test.ts compares the values.
 */
export const CLEANLINESS = [
  'sauber',
  'leicht verschmutzt',
  'verschmutzt',
  'stark verschmutzt',
] as const satisfies typeof ContractCleanliness;
export const VEHICLE_BOOKING_TOPIC: typeof ContractTopic = 'vehicle-bookings';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameCleanliness: Same<typeof CLEANLINESS, typeof ContractCleanliness> = true;
void sameCleanliness;
