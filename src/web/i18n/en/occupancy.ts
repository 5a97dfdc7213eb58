/** Occupancy on the tenant's website (decision 230): room administration and tenant administration. */
export const occupancy = {
  tab: 'Website',
  planTitle: 'Occupancy on the website',
  planIntro:
    'Shows visitors of your website how many places of this floor plan are free now and how the day looks – numbers only, never names or bookings.',
  enabled: 'Switch the occupancy page on for this floor plan',
  on: 'The occupancy page is switched on.',
  off: 'The occupancy page is switched off.',
  inactive: 'The floor plan is deactivated; the page shows again once it is active.',
  page: 'Page to embed',
  open: 'Open page',
  embedCode: 'Code for your website (iframe)',
  json: 'Data as JSON',
  locationPage: 'Page of the location {{name}} (all floor plans switched on)',
  websitesHint: 'Which websites may embed the page and read the data is set in the tenant administration.',
  iframeTitle: 'Occupancy {{name}}',
  saved: 'Saved.',
  failed: 'Saving failed',
  embeddingTitle: 'Occupancy page on your website',
  embeddingIntro:
    'Only the websites named here may show the occupancy page in an iframe and read the data (JSON) in the browser. The room administration switches the page on per floor plan.',
  origins: 'Websites (one per line)',
  originsHint: 'As https://www.example.com – without a path, at most 20.',
  colour: 'Colour of the header',
  colourPick: 'Pick a colour from the screen',
  colourHint: 'The text turns black or white automatically, whichever reads better.',
  save: 'Save',
} as const;
