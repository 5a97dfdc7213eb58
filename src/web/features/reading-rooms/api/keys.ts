/** Query keys of the reading-room feature; every mutation invalidates what it changes. */
export const readingRoomKeys = {
  all: ['reading-rooms'] as const,
  bootstrap: (area: string) => ['reading-rooms', 'bootstrap', area] as const,
  map: (planId: string, date: string, mode: string, von?: string, bis?: string) =>
    ['reading-rooms', 'map', planId, date, mode, von ?? '', bis ?? ''] as const,
  maps: ['reading-rooms', 'map'] as const,
  mine: (area: string) => ['reading-rooms', 'mine', area] as const,
  people: ['reading-rooms', 'people'] as const,
  team: (date: string) => ['reading-rooms', 'team', date] as const,
};
