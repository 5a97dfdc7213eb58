/** What other areas may use of the lockers: whether a person's start data shows the lockers entry (decision 204). */
export { hasActiveLockers } from './locker-repository';
