/**
 * The web app manifest of a tenant (installable app, decision 097): the
 * tenant's name on the home screen and an icon with its initial in the
 * app's blue. A tenant has no uploaded logo yet; the icon is drawn here.
 */
const BRAND = '#2f6fb8';

export function webAppManifest(tenantName: string) {
  return {
    name: `Buchbar – ${tenantName}`,
    short_name: tenantName.length <= 12 ? tenantName : 'Buchbar',
    description: 'Arbeitsplätze, Leseräume und Poolfahrzeuge buchen',
    lang: 'de',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: BRAND,
    icons: [
      { src: '/api/tenant/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/api/tenant/icon.svg?maskable=1', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ],
  };
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A square icon with the tenant's initial; maskable icons keep the letter inside the safe zone (80 %). */
export function tenantIconSvg(tenantName: string, maskable: boolean): string {
  const initial = escapeXml(([...tenantName.trim()][0] ?? 'B').toUpperCase());
  const radius = maskable ? 0 : 96;
  const size = maskable ? 220 : 300;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="${radius}" fill="${BRAND}"/><text x="256" y="${256 + size * 0.36}" font-family="Arial,Helvetica,sans-serif" font-size="${size}" font-weight="700" fill="#ffffff" text-anchor="middle">${initial}</text></svg>`;
}
