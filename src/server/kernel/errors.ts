import { defineErrors, type Texts } from '@domain/errors';
import { FEATURE_DENIALS } from '@domain/navigation';

const FEATURE_OFF_EN = 'This feature is not switched on for your organisation.';
/** A section's guard may refuse with a feature's sentence; the permission denials (`no admin`, …) are fixed and read the same. */
const DENIAL_EN: Record<string, string> = { [FEATURE_DENIALS.fahrzeug]: FEATURE_OFF_EN, [FEATURE_DENIALS.other]: FEATURE_OFF_EN };

/**
 * The codes every area and every request shares (decision 198): sign-in, access,
 * input at the edge, limits and faults. An area's own refusals are declared in
 * its `errors.ts`; the error handler only picks the reader's language.
 */
export const kernelErrors = defineErrors({
  unauthenticated: { status: 401, de: 'Bitte melden Sie sich an.', en: 'Please sign in.' },
  /** A refusal of the route guard: the fixed texts of docs/product.md#route-guard (`no admin`, …) read the same in both languages. */
  forbidden: { status: 403, texts: (p: { denial: string }) => ({ de: p.denial, en: DENIAL_EN[p.denial] ?? p.denial }) },
  feature_disabled_vehicles: {
    status: 404,
    code: 'feature_disabled',
    de: FEATURE_DENIALS.fahrzeug,
    en: FEATURE_OFF_EN,
  },
  feature_disabled: {
    status: 403,
    de: FEATURE_DENIALS.other,
    en: FEATURE_OFF_EN,
  },
  tenant_unknown: {
    status: 404,
    texts: (p: { host: string }) => ({
      de: `Für die Adresse ${p.host} ist kein Mandant eingerichtet.`,
      en: `No client is set up for the address ${p.host}.`,
    }),
  },
  foreign_origin: {
    status: 403,
    de: 'Diese Anfrage kam von einer anderen Website und wurde abgelehnt. Bitte nutzen Sie Buchbar über seine eigene Adresse.',
    en: 'This request came from another website and was refused. Please use Buchbar at its own address.',
  },
  /** Schema failures, worded per issue in both languages by `http/schema-issues.ts`. */
  validation: { status: 400, texts: (p: Texts) => p },
  text_invalid: {
    status: 400,
    texts: (p: { field: Texts }) => ({
      de: `„${p.field.de}“ enthält Zeichen, die nicht gespeichert werden können (etwa ein Nullzeichen). Bitte entfernen Sie sie.`,
      en: `"${p.field.en}" contains characters that cannot be stored (such as a null character). Please remove them.`,
    }),
  },
  invalid_json: { status: 400, de: 'Die Anfrage enthält kein gültiges JSON.', en: 'The request does not contain valid JSON.' },
  unsupported_media_type: { status: 415, de: 'Dieser Inhaltstyp wird nicht unterstützt.', en: 'This content type is not supported.' },
  payload_too_large: { status: 413, de: 'Die Anfrage ist zu groß.', en: 'The request is too large.' },
  rate_limited: {
    status: 429,
    de: 'Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.',
    en: 'Too many attempts. Please wait a minute and try again.',
  },
  /** Any other 4xx the framework raises; its own (English) words name the cause. */
  bad_request: {
    status: 400,
    texts: (p: { detail: string }) => ({ de: `Die Anfrage ist ungültig: ${p.detail}`, en: `The request is invalid: ${p.detail}` }),
  },
  /** An address the API does not know. */
  no_route: {
    status: 404,
    code: 'not_found',
    texts: (p: { path: string }) => ({ de: `Nicht gefunden: ${p.path}`, en: `Not found: ${p.path}` }),
  },
  /** The request id lets support find the log lines of exactly this failure. */
  internal: {
    status: 500,
    texts: (p: { requestId: string }) => ({
      de: `Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut. (Fehlernummer: ${p.requestId})`,
      en: `An internal error occurred. Please try again later. (Error number: ${p.requestId})`,
    }),
  },
  self_lockout: {
    status: 409,
    de: 'Sie können sich nicht selbst das Recht entziehen, Rollen und Gruppen zu pflegen.',
    en: 'You cannot take away your own right to maintain roles and groups.',
  },
  /** `what` is the German genitive of the removed thing ("der Rolle „Empfang“"). */
  confirm_required: {
    status: 409,
    texts: (p: { count: number; what: string }) => ({
      de: `Beim Löschen ${p.what} ${p.count === 1 ? 'verliert 1 Person' : `verlieren ${p.count} Personen`} Rechte. Bitte bestätigen Sie das Löschen.`,
      en:
        p.count === 1
          ? '1 person loses rights by this deletion. Please confirm the deletion.'
          : `${p.count} people lose rights by this deletion. Please confirm the deletion.`,
    }),
  },
});
