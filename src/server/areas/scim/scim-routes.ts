import { scimListQuery, scimResourceQuery } from '@contracts/scim';
import { type AppError, isAppError } from '@domain/errors';
import { bearerOf } from '@domain/integrations';
import {
  entityTags,
  errorBody,
  groupSortOf,
  type JsonObject,
  listResponse,
  pageOf,
  parsePatchRequest,
  projectResource,
  resourceTypes,
  SCIM_MEDIA_TYPE,
  ScimError,
  schemaDocuments,
  scimErrors,
  scimLocale,
  serviceProviderConfig,
  tagsMatch,
  userSortOf,
} from '@domain/scim';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requestOrigin } from '../../http/request-context';
import { describeIssues, type SchemaIssue } from '../../http/schema-issues';
import { createGroup, deleteGroupScim, getGroup, listGroupsScim, patchGroup, replaceGroup } from './groups';
import { resolveScimToken, type ScimCaller } from './token-auth';
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser } from './users';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of /scim/v2, for the test that walks them all without and with foreign tokens. */
    scimRoutes: { method: string; url: string }[];
  }
  interface FastifyRequest {
    /** The identity provider behind a /scim/v2 request, once its token counted (decision 229). */
    scimCaller?: ScimCaller;
  }
}

/**
 * SCIM 2.0 at /scim/v2 on the tenant's host (RFC 7644, decision 229). Outside
 * the JSON API and its cookie session: every route here, and every address
 * under /scim/v2 that is no route, first needs the tenant's provisioning token
 * (the hook below); the session cookie counts for nothing. Errors are answered
 * in SCIM's error schema. The routes are not in the OpenAPI document; the
 * endpoint describes itself under /ServiceProviderConfig, /ResourceTypes and /Schemas.
 */
export const SCIM_PREFIX = '/scim/v2';
const idParams = z.object({ id: z.string().max(200) });
const hidden = { hide: true } as const;

function send(reply: FastifyReply, status: number, body: JsonObject | null) {
  reply.status(status).header('cache-control', 'no-store');
  if (body === null) return reply.send();
  return reply.type(`${SCIM_MEDIA_TYPE}; charset=utf-8`).send(JSON.stringify(body));
}

const versionOf = (resource: JsonObject) => {
  const meta = resource.meta;
  return meta && typeof meta === 'object' && !Array.isArray(meta) && typeof meta.version === 'string' ? meta.version : null;
};

/**
 * One resource with its version as ETag (RFC 7644 §3.14); a GET whose
 * If-None-Match names that version gets 304 without a body.
 */
function sendResource(req: FastifyRequest, reply: FastifyReply, status: number, resource: JsonObject, shown = resource) {
  const version = versionOf(resource);
  if (version) reply.header('etag', version);
  if (version && req.method === 'GET' && tagsMatch(entityTags(ifNoneMatchOf(req)), version)) {
    reply.status(304).header('cache-control', 'no-store');
    return reply.send();
  }
  return send(reply, status, shown);
}

const headerOf = (req: FastifyRequest, name: 'if-match' | 'if-none-match') => {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
};
const ifMatchOf = (req: FastifyRequest) => headerOf(req, 'if-match');
const ifNoneMatchOf = (req: FastifyRequest) => headerOf(req, 'if-none-match');

/** Every failure as a SCIM error: the rules' own, Buchbar's refusals at the edge, broken JSON, wrong media types. */
function asScimError(err: FastifyError, req: FastifyRequest): ScimError {
  if (err instanceof ScimError) return err;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const context = err.validationContext;
    const input = context === 'querystring' ? req.query : context === 'params' ? req.params : undefined;
    const issues = err.validation as unknown as SchemaIssue[];
    return new ScimError(400, 'invalidValue', {
      de: describeIssues(issues, context, 'de-de', input),
      en: describeIssues(issues, context, 'en-us', input),
    });
  }
  if (
    err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (err.statusCode === 400 && err instanceof SyntaxError)
  )
    return scimErrors.invalidJson();
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return scimErrors.unsupportedMediaType();
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return scimErrors.tooLarge();
  if (isAppError(err)) {
    const app = err as AppError;
    return new ScimError(app.status, app.status === 400 ? 'invalidValue' : null, { de: app.message, en: app.en });
  }
  if (err.statusCode === 429) return scimErrors.rateLimited();
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return new ScimError(err.statusCode, 'invalidSyntax', {
      de: `Die Anfrage ist fehlerhaft: ${err.message}`,
      en: `The request is malformed: ${err.message}`,
    });
  }
  req.log.error({ err }, 'unhandled error on /scim/v2');
  return scimErrors.internal(String(req.id));
}

const callerOf = (req: FastifyRequest): ScimCaller => req.scimCaller!;

/** `excludedAttributes=members`, as Entra ID asks for groups: the members are then not even read. */
const wantsMembers = (q: { attributes?: string | undefined; excludedAttributes?: string | undefined }) => {
  const has = (s: string | undefined) =>
    (s ?? '')
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .some((x) => x === 'members' || x.endsWith(':members') || x.startsWith('members.'));
  if (has(q.excludedAttributes)) return false;
  return !q.attributes || has(q.attributes);
};

const project = (resource: JsonObject, q: { attributes?: string | undefined; excludedAttributes?: string | undefined }) =>
  projectResource(resource, q.attributes, q.excludedAttributes);

const projectList = (list: JsonObject, q: { attributes?: string | undefined; excludedAttributes?: string | undefined }) => ({
  ...list,
  Resources: (list.Resources as JsonObject[]).map((r) => project(r, q)),
});

async function scimEndpoint(plain: FastifyInstance, deps: Deps) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // Entra ID and Okta send application/scim+json; application/json is read by the app's own parser.
  app.addContentTypeParser(SCIM_MEDIA_TYPE, { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(scimErrors.invalidJson());
    }
  });

  app.addHook('onRequest', async (req) => {
    req.locale = scimLocale(req.headers['accept-language']);
    if (!req.tenant) throw scimErrors.unauthorized();
    req.scimCaller = await resolveScimToken(
      deps,
      req.tenant.id,
      bearerOf(req.headers.authorization),
      `${requestOrigin(req)}${SCIM_PREFIX}`,
    );
    // Before the body is read: anything but JSON is refused (Fastify would read text/plain as a text).
    const type = String(req.headers['content-type'] ?? '').toLowerCase();
    if (type && !/^application\/(scim\+)?json\b/.test(type) && req.method !== 'GET' && req.method !== 'DELETE')
      throw scimErrors.unsupportedMediaType();
  });

  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    const e = asScimError(err, req);
    if (e.status === 429) reply.header('retry-after', '60');
    if (e.status === 401) reply.header('www-authenticate', 'Bearer realm="SCIM"');
    return send(reply, e.status, errorBody(e.status, e.scimType, e.text(req.locale ?? 'de-de')));
  });

  app.setNotFoundHandler(async (req, reply) => {
    const e = scimErrors.noEndpoint(new URL(req.url, 'http://x').pathname);
    return send(reply, 404, errorBody(404, null, e.text(req.locale ?? 'de-de')));
  });

  // ------------------------------------------------------------ discovery (RFC 7644 §4)
  app.get('/ServiceProviderConfig', { schema: hidden }, async (req, reply) =>
    send(reply, 200, serviceProviderConfig(callerOf(req).baseUrl)),
  );
  app.get('/ResourceTypes', { schema: hidden }, async (req, reply) => {
    const all = resourceTypes(callerOf(req).baseUrl);
    return send(reply, 200, listResponse(all, all.length, { startIndex: 1, count: all.length, offset: 0 }));
  });
  app.get('/ResourceTypes/:id', { schema: { ...hidden, params: idParams } }, async (req, reply) => {
    const found = resourceTypes(callerOf(req).baseUrl).find((r) => r.id === req.params.id);
    if (!found) throw scimErrors.noEndpoint(req.url);
    return send(reply, 200, found);
  });
  app.get('/Schemas', { schema: hidden }, async (req, reply) => {
    const all = schemaDocuments(callerOf(req).baseUrl);
    return send(reply, 200, listResponse(all, all.length, { startIndex: 1, count: all.length, offset: 0 }));
  });
  app.get('/Schemas/:id', { schema: { ...hidden, params: idParams } }, async (req, reply) => {
    const found = schemaDocuments(callerOf(req).baseUrl).find((r) => r.id === req.params.id);
    if (!found) throw scimErrors.noEndpoint(req.url);
    return send(reply, 200, found);
  });

  // ------------------------------------------------------------ Users
  app.get('/Users', { schema: { ...hidden, querystring: scimListQuery } }, async (req, reply) =>
    send(
      reply,
      200,
      projectList(await listUsers(deps, callerOf(req), req.query.filter, pageOf(req.query), userSortOf(req.query)), req.query),
    ),
  );
  app.post('/Users', { schema: hidden }, async (req, reply) => {
    const { id, resource } = await createUser(deps, callerOf(req), req.body);
    reply.header('location', `${callerOf(req).baseUrl}/Users/${id}`);
    return sendResource(req, reply, 201, resource);
  });
  app.get('/Users/:id', { schema: { ...hidden, params: idParams, querystring: scimResourceQuery } }, async (req, reply) => {
    const resource = await getUser(deps, callerOf(req), req.params.id);
    return sendResource(req, reply, 200, resource, project(resource, req.query));
  });
  app.put('/Users/:id', { schema: { ...hidden, params: idParams } }, async (req, reply) =>
    sendResource(req, reply, 200, await replaceUser(deps, callerOf(req), req.params.id, req.body, ifMatchOf(req))),
  );
  app.patch('/Users/:id', { schema: { ...hidden, params: idParams } }, async (req, reply) =>
    sendResource(req, reply, 200, await patchUser(deps, callerOf(req), req.params.id, parsePatchRequest(req.body), ifMatchOf(req))),
  );
  app.delete('/Users/:id', { schema: { ...hidden, params: idParams } }, async (req, reply) => {
    await deleteUser(deps, callerOf(req), req.params.id, ifMatchOf(req));
    return send(reply, 204, null);
  });
  // The provisioning token stands for no person, so there is no "me" to answer for (RFC 7644 §3.11 allows 501).
  app.all('/Me', { schema: hidden }, async () => {
    throw scimErrors.meUnsupported();
  });

  // ------------------------------------------------------------ Groups
  app.get('/Groups', { schema: { ...hidden, querystring: scimListQuery } }, async (req, reply) =>
    send(
      reply,
      200,
      projectList(
        await listGroupsScim(deps, callerOf(req), req.query.filter, pageOf(req.query), wantsMembers(req.query), groupSortOf(req.query)),
        req.query,
      ),
    ),
  );
  app.post('/Groups', { schema: hidden }, async (req, reply) => {
    const { id, resource } = await createGroup(deps, callerOf(req), req.body);
    reply.header('location', `${callerOf(req).baseUrl}/Groups/${id}`);
    return sendResource(req, reply, 201, resource);
  });
  app.get('/Groups/:id', { schema: { ...hidden, params: idParams, querystring: scimResourceQuery } }, async (req, reply) => {
    const resource = await getGroup(deps, callerOf(req), req.params.id, wantsMembers(req.query));
    return sendResource(req, reply, 200, resource, project(resource, req.query));
  });
  app.put('/Groups/:id', { schema: { ...hidden, params: idParams } }, async (req, reply) =>
    sendResource(req, reply, 200, await replaceGroup(deps, callerOf(req), req.params.id, req.body, ifMatchOf(req))),
  );
  app.patch('/Groups/:id', { schema: { ...hidden, params: idParams } }, async (req, reply) => {
    await patchGroup(deps, callerOf(req), req.params.id, parsePatchRequest(req.body), ifMatchOf(req));
    return send(reply, 204, null);
  });
  app.delete('/Groups/:id', { schema: { ...hidden, params: idParams } }, async (req, reply) => {
    await deleteGroupScim(deps, callerOf(req), req.params.id, ifMatchOf(req));
    return send(reply, 204, null);
  });
  app.post('/Bulk', { schema: hidden }, async () => {
    throw scimErrors.bulkUnsupported();
  });
}

/** Lists the routes of /scim/v2 as they are registered (the /api routes are listed by the route guard, http/route-access.ts). */
export function listScimRoutes(app: FastifyInstance): void {
  const routes: { method: string; url: string }[] = [];
  app.decorate('scimRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(SCIM_PREFIX)) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
}

/** The SCIM endpoint as one encapsulated plugin: its parser, token hook, error and not-found answers apply to /scim/v2 only. */
export const scimRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register((scim) => scimEndpoint(scim, deps), { prefix: SCIM_PREFIX });
  };
