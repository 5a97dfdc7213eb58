/**
 * Which floor plan a /leseraum or /arbeitswelt address shows: the plan of the
 * link if the person may see it, else the favourite plan, else the first. The
 * page shows it, and the server names its image in the app page (decision 179),
 * so both must choose alike.
 */
export function shownFloorPlanId(
  plans: readonly { id: string }[],
  favouritePlanId: string | null,
  requested: string | undefined,
): string | null {
  if (requested && plans.some((p) => p.id === requested)) return requested;
  return favouritePlanId ?? plans[0]?.id ?? null;
}
