/** The service worker's cache of the person's own data, which the offline shell shows (decision 097; vite.config.ts). */
export const OWN_DATA_CACHE = 'buchbar-eigene-daten';
