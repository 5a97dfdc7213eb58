import { defineErrors } from '@domain/errors';

/** The refusals of the operations area, German and English side by side (decision 198). */
export const operationsErrors = defineErrors({
  metrics_forbidden: {
    status: 403,
    de: 'Kennzahlen gibt es nur mit gültigem METRICS_TOKEN oder vom eigenen Rechner.',
    en: 'Metrics are available only with a valid METRICS_TOKEN or from this machine.',
  },
});
