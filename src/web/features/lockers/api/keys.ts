export const lockerKeys = {
  day: (day: string) => ['lockers', 'day', day] as const,
  all: ['lockers'] as const,
  admin: (floorPlanId: string) => ['lockers', 'admin', floorPlanId] as const,
  officePlans: ['lockers', 'office-plans'] as const,
};
