import { absenceRequest, absenceResponse } from '@contracts/absence';
import { ACCESS } from '@domain/route-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/request-context';
import { previewAbsence, recordAbsence } from './absence';

const tags = ['absence'];

/** „Ich bin abwesend“ (decision 092): what would be cancelled, then cancel it in one step. */
export const absenceRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/absence/preview',
      {
        // absence: for oneself; for someone else the service asks for fleet or user maintenance (decision 092)
        config: { access: ACCESS.signedIn },
        schema: {
          tags,
          summary: 'Abwesenheit: welche Buchungen im Zeitraum storniert würden',
          body: absenceRequest,
          response: { 200: absenceResponse },
        },
      },
      async (req) => previewAbsence(deps, await requireUser(deps, req), req.body),
    );
    app.post(
      '/api/absence',
      {
        config: { access: ACCESS.signedIn },
        schema: {
          tags,
          summary: 'Abwesenheit eintragen: storniert alle Buchungen im Zeitraum in einem Schritt',
          body: absenceRequest,
          response: { 200: absenceResponse },
        },
      },
      async (req) => recordAbsence(deps, await requireUser(deps, req), req.body),
    );
  };
