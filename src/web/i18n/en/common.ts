import type { common as de } from '../de/common';

export const common: typeof de = {
  appName: 'Buchbar',
  loading: 'Loading data …',
  actions: {
    save: 'Save',
    cancel: 'Cancel',
    close: 'Close',
    back: 'Back',
    toHome: 'Go to start page',
  },
  footer: {
    label: 'Legal',
    privacy: 'Privacy',
    imprint: 'Imprint',
    empty: 'No text has been provided for this client yet.',
  },
  errors: {
    serverside: 'Serverside Error',
    prefix: 'Error:',
    reset: 'Reset Error',
    notFound: 'Page Not Found: {{path}}',
    offline: 'You are offline. Booking, changing and cancelling need a connection.',
    offlineNotice: 'Offline – you are seeing the state of your last visit. Booking needs a connection.',
    network: 'The server cannot be reached. Please check your connection.',
    unexpected: 'Unexpected response from the server (status {{status}}).',
    loadFailed: 'The data could not be loaded.',
    unknown: 'Unknown error',
  },
  version: {
    title: 'New version',
    available: 'A new version of Buchbar is available.',
    reload: 'Reload',
  },
  features: {
    fahrzeug: 'Vehicles',
    leseraum: 'Reading room',
    arbeitswelt: 'Workplaces',
    gastbuchung: 'Guest booking',
  },
  languages: {
    de: 'Deutsch',
    en: 'English',
  },
  start: {
    welcome: 'Welcome, {{firstName}} {{lastName}}',
    tenant: 'Client',
    features: 'Enabled areas',
    noFeatures: 'No areas are enabled for this client.',
    department: 'Department',
    noDepartment: 'No department assigned',
    today: 'Today',
    navigation: 'Areas',
  },
};
