/** Query keys of the guest feature; mutations invalidate by prefix. */
export const guestKeys = {
  all: ['guests'] as const,
  list: (includePast: boolean) => ['guests', 'list', includePast] as const,
  day: (day: string) => ['guests', 'day', day] as const,
  vehicles: ['guests', 'vehicles'] as const,
  rentalInfo: ['public-rental', 'info'] as const,
  /** A guest's booking by its link, named by the link's fingerprint (use-public-booking.ts). */
  publicBooking: (link: string) => ['public-booking', link] as const,
  bikes: (day: string, from: string, to: string) => ['public-rental', 'bikes', day, from, to] as const,
};
