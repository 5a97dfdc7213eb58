import { notFoundIn } from '@domain/errors';

/** What the check before the trip does not find, German and English (decision 198); the rules' refusals are `tripChecklistErrors` in the domain. */
export const notFound = notFoundIn({
  Checkliste: 'Checklist',
  Fahrzeug: 'Vehicle',
});
