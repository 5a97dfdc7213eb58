import * as contract from '@contracts/vehicles';
import { describe, expect, it } from 'vitest';
import { CLEANLINESS, VEHICLE_BOOKING_TOPIC } from './vocabulary';

describe('vehicle vocabulary of the web screens', () => {
  it('matches the API contract', () => {
    expect(CLEANLINESS).toEqual(contract.CLEANLINESS);
    expect(VEHICLE_BOOKING_TOPIC).toBe(contract.VEHICLE_BOOKING_TOPIC);
  });
});
