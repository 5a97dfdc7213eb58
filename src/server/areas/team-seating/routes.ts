import {
  saveTeamSettingsRequest,
  teamDayQuery,
  teamDayResponse,
  teamPeopleQuery,
  teamPeopleResponse,
  teamSettingsResponse,
} from '@contracts/team-seating';
import { ACCESS } from '@domain/route-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/request-context';
import { saveTeamSettings, searchTeamPeople, teamDay, teamSettings } from './team-seating';

const tags = ['team'];

/** „Mein Team heute“ (decision 110): consent and favourites in the settings, colleagues' desks of a day. */
export const teamSeatingRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/team/settings',
      {
        config: { access: ACCESS.signedIn },
        schema: { tags, summary: 'Mein Team heute: Zustimmung und Favoriten', response: { 200: teamSettingsResponse } },
      },
      async (req) => teamSettings(deps, await requireUser(deps, req)),
    );

    app.put(
      '/api/team/settings',
      {
        config: { access: ACCESS.signedIn },
        schema: {
          tags,
          summary: 'Mein Team heute: Zustimmung und Favoriten speichern',
          body: saveTeamSettingsRequest,
          response: { 200: teamSettingsResponse },
        },
      },
      async (req) => saveTeamSettings(deps, await requireUser(deps, req), req.body),
    );

    app.get(
      '/api/team/people',
      {
        config: { access: ACCESS.signedIn, rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Mein Team heute: zustimmende Personen des Mandanten nach Namen suchen',
          querystring: teamPeopleQuery,
          response: { 200: teamPeopleResponse },
        },
      },
      async (req) => ({ people: await searchTeamPeople(deps, await requireUser(deps, req), req.query.q) }),
    );

    app.get(
      '/api/team/day',
      {
        config: { access: ACCESS.signedIn },
        schema: {
          tags,
          summary: 'Mein Team heute: Schreibtische der sichtbaren Kolleginnen und Kollegen an einem Tag',
          querystring: teamDayQuery,
          response: { 200: teamDayResponse },
        },
      },
      async (req, reply) => {
        // Consent can be withdrawn at any time: never from a cache.
        reply.header('cache-control', 'no-store');
        return teamDay(deps, await requireUser(deps, req), req.query.date);
      },
    );
  };
