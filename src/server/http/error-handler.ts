import { isAppError } from '@domain/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { describeIssues, type SchemaIssue, translate } from './messages';

/** The locale errors are written in: the signed-in user's choice, else German. */
export function requestLocale(req: FastifyRequest): string {
  return req.locale ?? 'de-de';
}

export function sendError(
  reply: FastifyReply,
  req: FastifyRequest,
  status: number,
  code: string,
  german: string,
  params: Record<string, string | number> = {},
) {
  return reply.status(status).send({ error: { code, message: translate(code, german, requestLocale(req), params) } });
}

/**
 * One mapping from every kind of failure to `{ error: { code, message } }`.
 * Bad input of any kind is a 4xx with a message a user understands; only real
 * faults are 500, and their details stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance, resolveLocale: (req: FastifyRequest) => Promise<void>) {
  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    // Input is validated before a handler resolves the user; look the language up now, only when needed.
    if (req.locale === undefined && req.headers.cookie) await resolveLocale(req).catch(() => undefined);
    if (isAppError(err)) return sendError(reply, req, err.status, err.code, err.message, err.params);

    if (hasZodFastifySchemaValidationErrors(err)) {
      // The error map words each issue for a person, in their language (messages.ts); the refused value is read from the request.
      const context = err.validationContext;
      const input = context === 'body' ? req.body : context === 'querystring' ? req.query : context === 'params' ? req.params : undefined;
      const issues = err.validation as unknown as SchemaIssue[];
      const german = describeIssues(issues, context, 'de-de', input);
      return sendError(reply, req, 400, 'validation', german, { en: describeIssues(issues, context, 'en-us', input) });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err.statusCode === 400 && err instanceof SyntaxError)) {
      return sendError(reply, req, 400, 'invalid_json', 'Die Anfrage enthält kein gültiges JSON.');
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendError(reply, req, 415, 'unsupported_media_type', 'Dieser Inhaltstyp wird nicht unterstützt.');
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, req, 413, 'payload_too_large', 'Die Anfrage ist zu groß.');
    }
    if (err.statusCode === 429) {
      return sendError(reply, req, 429, 'rate_limited', 'Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.');
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return sendError(reply, req, err.statusCode, 'bad_request', `Die Anfrage ist ungültig: ${err.message}`);
    }
    req.log.error({ err }, 'unhandled error');
    // The request id lets support find the log lines of exactly this failure.
    return sendError(
      reply,
      req,
      500,
      'internal',
      `Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut. (Fehlernummer: ${req.id})`,
      {
        requestId: req.id,
      },
    );
  });
}
