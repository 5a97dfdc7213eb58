export const roomAdminKeys = {
  all: ['room-admin'] as const,
  plans: ['room-admin', 'plans'] as const,
  locations: ['room-admin', 'locations'] as const,
  objects: (planId: string) => ['room-admin', 'objects', planId] as const,
  equipment: ['room-admin', 'equipment'] as const,
  hours: (planId: string) => ['room-admin', 'hours', planId] as const,
  kiosk: ['room-admin', 'kiosk'] as const,
  preview: (target: 'object' | 'plan', id: string) => ['room-admin', 'removal-preview', target, id] as const,
};
/** Changes here also change what the booking screens show. */
export const bookingScreens = ['reading-rooms'] as const;
