import { AppError, isAppError } from '@domain/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { kernelErrors } from '../kernel/errors';
import { describeIssues, type SchemaIssue } from './schema-issues';

/** The locale errors are written in: the signed-in user's choice, else German. */
export function requestLocale(req: FastifyRequest): string {
  return req.locale ?? 'de-de';
}

/** The answer of an error: its code and its text in the request's language, which the error itself carries. */
export function sendError(reply: FastifyReply, req: FastifyRequest, err: AppError) {
  const locale = requestLocale(req);
  return reply.status(err.status).send({ error: { code: err.code, message: err.text(locale) } });
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
    return sendError(reply, req, asAppError(err, req));
  });
}

/** Every failure as an AppError of the kernel's catalogue, unless it is one already. */
function asAppError(err: FastifyError, req: FastifyRequest): AppError {
  if (isAppError(err)) return err;
  if (hasZodFastifySchemaValidationErrors(err)) {
    // The error map words each issue for a person, in both languages (schema-issues.ts); the refused value is read from the request.
    const context = err.validationContext;
    const input = context === 'body' ? req.body : context === 'querystring' ? req.query : context === 'params' ? req.params : undefined;
    const issues = err.validation as unknown as SchemaIssue[];
    return kernelErrors.fail('validation', {
      de: describeIssues(issues, context, 'de-de', input),
      en: describeIssues(issues, context, 'en-us', input),
    });
  }
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err.statusCode === 400 && err instanceof SyntaxError)) {
    return kernelErrors.fail('invalid_json');
  }
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return kernelErrors.fail('unsupported_media_type');
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return kernelErrors.fail('payload_too_large');
  if (err.statusCode === 429) return kernelErrors.fail('rate_limited');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return new AppError('bad_request', kernelErrors.entries.bad_request.texts({ detail: err.message }), err.statusCode);
  }
  req.log.error({ err }, 'unhandled error');
  return kernelErrors.fail('internal', { requestId: String(req.id) });
}
