import type { Db } from '@db/client';
import { assertInstructionGate, GENERAL_TOPIC } from '@domain/driver-instruction';
import { gateTopics } from '@server/areas/driver-instruction/instruction-repository';
import { findGuestOfBooking } from '@server/areas/guests/public';
import { INSTRUCTION_DEFAULTS } from './instruction-settings';

/**
 * The instruction gate for one driver and vehicle (docs/product.md#driver-instruction): one statement, which
 * reads only the tenant's setting when the gate is off; the returned check is pure, so a series reads once
 * and checks every date.
 */
export async function instructionGateFor(
  tx: Db,
  tenantId: string,
  vehicleCategory: string | null,
  driver: { id: string; name: string },
): Promise<(von: Date, bis: Date) => void> {
  return (await gateCheck(tx, tenantId, vehicleCategory, driver)) ?? (() => {});
}

/** The check, or null when the gate is off or the tenant published nothing the vehicle needs. */
async function gateCheck(tx: Db, tenantId: string, vehicleCategory: string | null, driver: { id: string; name: string }) {
  const category = vehicleCategory?.trim() || GENERAL_TOPIC;
  const { enabled, months, topics } = await gateTopics(tx, tenantId, driver.id, category, INSTRUCTION_DEFAULTS);
  if (!enabled || topics.length === 0) return null;
  return (von: Date, bis: Date) => assertInstructionGate({ topics, months, von, bis }, driver.name);
}

/** The gate before a booking or its change. */
export async function assertDriverInstructed(
  tx: Db,
  tenantId: string,
  vehicleCategory: string | null,
  driver: { id: string; name: string },
  von: Date,
  bis: Date,
): Promise<void> {
  (await instructionGateFor(tx, tenantId, vehicleCategory, driver))(von, bis);
}

/**
 * The gate at trip start. A guest booking is driven by the guest, whom the tenant does not instruct through
 * Buchbar: its receptionist in the driver's place is not asked (decision 227).
 */
export async function assertTripStartInstructed(
  tx: Db,
  tenantId: string,
  vehicleCategory: string | null,
  b: { id: string; driver: { id: string; name: string }; von: Date; bis: Date },
): Promise<void> {
  const check = await gateCheck(tx, tenantId, vehicleCategory, b.driver);
  if (!check || (await findGuestOfBooking(tx, tenantId, b.id))) return;
  check(b.von, b.bis);
}
