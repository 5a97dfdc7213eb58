import { START_DATA_ELEMENT_ID, type StartData } from '@contracts/start-data';

/**
 * The app page with its start data, as data the browser does not run (the
 * CSP allows no inline script). `<` is escaped, so no text of a tenant or a
 * person can end the element (decision 177).
 */
export function withStartData(html: string, data: StartData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return html.replace('</head>', `  <script type="application/json" id="${START_DATA_ELEMENT_ID}">${json}</script>\n  </head>`);
}
