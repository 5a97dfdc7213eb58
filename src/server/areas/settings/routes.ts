import { okResponse } from '@contracts/session';
import { resetSettingQuery, saveSettingRequest, settingNameParams, settingsResponse } from '@contracts/settings';
import { withTenant } from '@db/client';
import { ACCESS } from '@domain/route-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/request-context';
import { type EffectiveValue, effectiveSettings, tenantSettings } from './effective-settings';
import { resetSetting, saveSetting } from './save-setting';

const toDto = (v: EffectiveValue) => ({
  name: v.option.name,
  feature: v.option.feature,
  type: v.option.type,
  description: v.option.description,
  defaultValue: v.option.defaultValue,
  value: v.value,
  source: v.source,
  layers: [...v.option.layers],
});

export const settingsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/settings',
      {
        config: { access: ACCESS.signedIn },
        schema: { tags: ['settings'], summary: 'Wirksame Einstellungen des angemeldeten Benutzers', response: { 200: settingsResponse } },
      },
      async (req) => {
        const user = await requireUser(deps, req);
        const values = await withTenant(deps.database.db, user.tenant.id, (tx) => effectiveSettings(tx, user.tenant.id, user.member.id));
        return { settings: values.map(toDto) };
      },
    );

    app.get(
      '/api/admin/settings',
      {
        config: { access: { kind: 'section', section: '/admin/einstellungen' } },
        schema: { tags: ['settings'], summary: 'Einstellungen auf Mandantenebene', response: { 200: settingsResponse } },
      },
      async (req) => {
        const user = await requireUser(deps, req);
        const values = await withTenant(deps.database.db, user.tenant.id, (tx) => tenantSettings(tx, user.tenant.id));
        return { settings: values.map(toDto) };
      },
    );

    app.put(
      '/api/settings/:name',
      {
        config: { access: ACCESS.signedIn },
        schema: {
          tags: ['settings'],
          summary: 'Einstellung in einer Schicht speichern',
          params: settingNameParams,
          body: saveSettingRequest,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        const user = await requireUser(deps, req);
        await saveSetting(deps, user, { name: req.params.name, layer: req.body.layer, value: req.body.value, groupId: req.body.groupId });
        return { ok: true as const };
      },
    );

    app.delete(
      '/api/settings/:name',
      {
        config: { access: ACCESS.signedIn },
        schema: {
          tags: ['settings'],
          summary: 'Wert einer Schicht entfernen (die nächste Schicht oder der Standard gilt wieder)',
          params: settingNameParams,
          querystring: resetSettingQuery,
          response: { 200: okResponse },
        },
      },
      async (req) => {
        const user = await requireUser(deps, req);
        await resetSetting(deps, user, { name: req.params.name, layer: req.query.layer, groupId: req.query.groupId });
        return { ok: true as const };
      },
    );
  };
