import { defineErrors } from '@domain/errors';
import { LOCKER_MESSAGES } from '@domain/lockers';

/** The refusals of the lockers area, German and English side by side (decision 198). */
export const lockersErrors = defineErrors({
  locker_already_holding: { status: 409, de: LOCKER_MESSAGES.alreadyHolding, en: 'You already have a locker for this day.' },
  locker_taken: { status: 409, de: LOCKER_MESSAGES.taken, en: 'This locker is already taken on this day.' },
  locker_duplicate_number: {
    status: 409,
    de: LOCKER_MESSAGES.duplicateNumber,
    en: 'This floor plan already has a locker with this number.',
  },
  locker_inactive: { status: 409, de: LOCKER_MESSAGES.inactive, en: 'This locker is out of service.' },
  locker_no_desk: { status: 409, de: LOCKER_MESSAGES.noDesk, en: 'You have no desk booking on this floor plan for this day.' },
  locker_not_office: { status: 400, de: LOCKER_MESSAGES.notOffice, en: 'Lockers exist only on workplace floor plans.' },
});
