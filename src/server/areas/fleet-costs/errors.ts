import { notFoundIn } from '@domain/errors';

/** What the fleet-costs area does not find, German and English (decision 198); the rules' refusals are `fleetCostsErrors` in the domain. */
export const notFound = notFoundIn({
  Karte: 'Card',
  Beleg: 'Receipt',
  Fahrt: 'Trip',
});
