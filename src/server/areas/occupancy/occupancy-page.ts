import type { FloorPlanOccupancyResponse, LocationOccupancyResponse, PlanOccupancyDto } from '@contracts/occupancy';
import { frameAncestors, pageColours } from '@domain/occupancy';
import { germanDay } from '@domain/opening-hours';
import { formatTime } from '@domain/time';
import type { EmbeddingRecord } from './occupancy-repository';

/**
 * The occupancy page for an iframe on the tenant's website, rendered on the
 * server (decision 230): no framework, one small script that refreshes the
 * numbers in place each minute, the tenant's logo and colour, German or
 * English, readable from 320 px wide. Names of plans and locations are the
 * only words from the database, escaped.
 */

export type PageLang = 'de' | 'en';

const TEXTS = {
  de: {
    title: 'Belegung',
    now: 'Jetzt',
    freeOf: (free: number, places: number) => `<strong>${free}</strong> von ${places} ${places === 1 ? 'Platz' : 'Plätzen'} frei`,
    freeOfPlain: (free: number, places: number) => `${free} von ${places} ${places === 1 ? 'Platz' : 'Plätzen'} frei`,
    closedNow: (von: string, bis: string) => `Jetzt geschlossen. Heute geöffnet von ${von} bis ${bis} Uhr.`,
    closedToday: 'Heute geschlossen.',
    today: (day: string) => `Heute, ${germanDay(day)}`,
    caption: 'Freie und belegte Plätze je Stunde',
    time: 'Uhrzeit',
    free: 'Frei',
    taken: 'Belegt',
    pastHour: 'vorbei',
    currentHour: 'jetzt',
    plans: 'Räume',
    asOf: (t: string) => `Stand ${t} Uhr, aktualisiert sich jede Minute.`,
    other: { href: 'en', label: 'English', lang: 'en' },
    notFound: 'Diese Belegungsanzeige gibt es nicht oder sie ist ausgeschaltet.',
    hours: (from: string, to: string) => `${from}–${to}`,
  },
  en: {
    title: 'Occupancy',
    now: 'Now',
    freeOf: (free: number, places: number) => `<strong>${free}</strong> of ${places} ${places === 1 ? 'place' : 'places'} free`,
    freeOfPlain: (free: number, places: number) => `${free} of ${places} ${places === 1 ? 'place' : 'places'} free`,
    closedNow: (von: string, bis: string) => `Closed now. Open today from ${von} to ${bis}.`,
    closedToday: 'Closed today.',
    today: (day: string) => `Today, ${germanDay(day)}`,
    caption: 'Free and taken places per hour',
    time: 'Time',
    free: 'Free',
    taken: 'Taken',
    pastHour: 'past',
    currentHour: 'now',
    plans: 'Rooms',
    asOf: (t: string) => `As of ${t}, updated every minute.`,
    other: { href: 'de', label: 'Deutsch', lang: 'de' },
    notFound: 'This occupancy page does not exist or is switched off.',
    hours: (from: string, to: string) => `${from}–${to}`,
  },
} as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The Content-Security-Policy of the page: nothing from elsewhere, framed by exactly the tenant's websites. */
export function pageCsp(origins: readonly string[]): string {
  return [
    "default-src 'none'",
    "img-src 'self'",
    "style-src 'unsafe-inline'",
    "script-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    frameAncestors(origins),
  ].join('; ');
}

function style(colour: string): string {
  const c = pageColours(colour);
  return `
:root{--head:${c.header};--head-text:${c.headerText};--bar:${c.bar};color-scheme:light}
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529;background:#fff}
header{display:flex;align-items:center;gap:.6rem;padding:.6rem 1rem;background:var(--head);color:var(--head-text);min-height:3rem}
header img{max-height:2rem;max-width:10rem;background:#fff;border-radius:4px;padding:2px}
header span{font-weight:600}
main{padding:.75rem 1rem 1rem;max-width:48rem}
h1{font-size:1.35rem;margin:.25rem 0 0;line-height:1.25}
h2{font-size:1.05rem;margin:1rem 0 .35rem}
.where{margin:0;color:#495057}
.big{font-size:1.15rem;margin:.25rem 0}
.big strong{font-size:2rem;line-height:1}
.meter{height:.75rem;border:1px solid #868e96;border-radius:.4rem;overflow:hidden;max-width:24rem}
.meter span{display:block;height:100%;background:var(--bar)}
table{border-collapse:collapse;width:100%;max-width:32rem;font-variant-numeric:tabular-nums}
th,td{padding:.3rem .4rem;border-bottom:1px solid #dee2e6;text-align:left;vertical-align:middle}
tbody th{font-weight:400;white-space:nowrap}
thead th{font-size:.875rem;color:#495057}
td.n,th.n{text-align:right;width:3.25rem}
td.b{width:45%}
.bar{display:block;height:.7rem;background:var(--bar);border-radius:.2rem;min-width:1px}
tr.past{color:#495057}
tr.past .bar{opacity:.45}
tr.current th,tr.current td{font-weight:700}
tr.current th{box-shadow:inset 4px 0 0 var(--bar)}
ul.plans{list-style:none;padding:0;margin:0}
ul.plans li{padding:.3rem 0;border-bottom:1px solid #dee2e6}
footer{padding:0 1rem 1rem;font-size:.875rem;color:#495057}
footer a{color:#1a4f8b}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;
}

function nowPart(o: Pick<PlanOccupancyDto, 'open' | 'now' | 'places' | 'opensAt' | 'closesAt'>, t: (typeof TEXTS)[PageLang]): string {
  if (!o.open) return `<p class="big">${t.closedToday}</p>`;
  if (!o.now.open) return `<p class="big">${t.closedNow(o.opensAt!, o.closesAt!)}</p>`;
  const share = o.places ? Math.round((o.now.free / o.places) * 100) : 0;
  return `<p class="big">${t.freeOf(o.now.free, o.places)}</p><div class="meter" aria-hidden="true"><span style="width:${share}%"></span></div>`;
}

function hoursTable(o: Pick<PlanOccupancyDto, 'hours' | 'places' | 'now'>, t: (typeof TEXTS)[PageLang]): string {
  if (o.hours.length === 0) return '';
  // the hour running now, when the day has begun
  const firstOpen = o.now.open ? o.hours.findIndex((h) => !h.past) : -1;
  const rows = o.hours
    .map((h, i) => {
      const width = o.places ? Math.round((h.taken / o.places) * 100) : 0;
      const cls = h.past ? ' class="past"' : i === firstOpen ? ' class="current"' : '';
      const past = h.past
        ? ` <span class="sr">(${t.pastHour})</span>`
        : i === firstOpen
          ? ` <span class="sr">(${t.currentHour})</span>`
          : '';
      return `<tr${cls}><th scope="row">${t.hours(h.from, h.to)}${past}</th><td class="n">${h.free}</td><td class="n">${h.taken}</td><td class="b" aria-hidden="true"><span class="bar" style="width:${width}%"></span></td></tr>`;
    })
    .join('');
  return `<table><caption class="sr">${t.caption}</caption><thead><tr><th scope="col">${t.time}</th><th scope="col" class="n">${t.free}</th><th scope="col" class="n">${t.taken}</th><td aria-hidden="true"></td></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The page of a plan or location answer. */
export function renderPage(
  dto: FloorPlanOccupancyResponse | LocationOccupancyResponse,
  ctx: { lang: PageLang; tenantName: string; embedding: EmbeddingRecord; path: string },
): string {
  const t = TEXTS[ctx.lang];
  const isLocation = 'location' in dto;
  const heading = isLocation ? dto.location.name : dto.floorPlan.name;
  const where = isLocation ? null : dto.floorPlan.location;
  const plans = isLocation
    ? `<section data-part="plans"><h2>${t.plans}</h2><ul class="plans">${dto.floorPlans
        .map(
          (p) =>
            `<li><strong>${escapeHtml(p.floorPlan.name)}</strong>: ${
              !p.open ? t.closedToday : !p.now.open ? t.closedNow(p.opensAt!, p.closesAt!) : t.freeOfPlain(p.now.free, p.places)
            }</li>`,
        )
        .join('')}</ul></section>`
    : '';
  const logo = ctx.embedding.hasLogo
    ? `<img src="/api/tenant/logo" alt="${escapeHtml(ctx.tenantName)}">`
    : `<span>${escapeHtml(ctx.tenantName)}</span>`;
  const asOf = formatTime(new Date(dto.asOf));
  return `<!doctype html>
<html lang="${ctx.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t.title}: ${escapeHtml(heading)} – ${escapeHtml(ctx.tenantName)}</title>
<style>${style(ctx.embedding.colour)}</style>
<script src="/belegung/aktualisieren.js" defer></script>
</head>
<body>
<header>${logo}</header>
<main>
<h1>${escapeHtml(heading)}</h1>${where ? `<p class="where">${escapeHtml(where)}</p>` : ''}
<section aria-labelledby="now"><h2 id="now">${t.now}</h2><div data-part="now" aria-live="polite">${nowPart(dto, t)}</div></section>
${plans}
<section aria-labelledby="today"><h2 id="today">${t.today(dto.day)}</h2><div data-part="hours">${hoursTable(dto, t)}</div></section>
</main>
<footer><p data-part="as-of">${t.asOf(asOf)}</p><p><a href="${escapeHtml(ctx.path)}?lang=${t.other.href}" lang="${t.other.lang}" hreflang="${t.other.lang}">${t.other.label}</a></p></footer>
</body>
</html>
`;
}

/** The page of a plan or location that does not exist or is switched off. */
export function renderNotFound(lang: PageLang): string {
  const t = TEXTS[lang];
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t.title}</title>
<style>${style('#495057')}</style></head>
<body><main><h1>${t.title}</h1><p>${t.notFound}</p></main></body></html>
`;
}

/**
 * The page's one script: every minute, while the page is visible, it asks
 * for the page again (revalidated by its entity tag) and swaps in the parts
 * that changed; "now" is a polite live region, so a screen reader hears the
 * new count without losing its place.
 */
export const REFRESH_SCRIPT = `(() => {
  const parts = () => document.querySelectorAll('[data-part]');
  async function refresh() {
    if (document.hidden) return;
    try {
      const res = await fetch(location.href, { headers: { accept: 'text/html' } });
      if (!res.ok) return;
      const next = new DOMParser().parseFromString(await res.text(), 'text/html');
      for (const el of parts()) {
        const fresh = next.querySelector('[data-part="' + el.getAttribute('data-part') + '"]');
        if (fresh && fresh.innerHTML !== el.innerHTML) el.innerHTML = fresh.innerHTML;
      }
    } catch {}
  }
  setInterval(refresh, 60000);
  document.addEventListener('visibilitychange', () => { if (!document.hidden) refresh(); });
})();
`;
