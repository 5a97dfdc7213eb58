/** Query keys of the driver instruction; every change invalidates `all` (the own standing, the list, the material). */
export const instructionKeys = {
  all: ['driver-instruction'] as const,
  own: ['driver-instruction', 'me'] as const,
  versions: ['driver-instruction', 'versions'] as const,
  drivers: (params: object) => ['driver-instruction', 'drivers', params] as const,
  history: (userId: string) => ['driver-instruction', 'history', userId] as const,
};
