import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * Sends a large read response that its service built field by field. The
 * route serializer's zod pass costs ~8 ms for a 500-seat map and could strip
 * nothing here, so production sends the DTO as built. Outside production the
 * DTO is still encoded against its schema, so tests catch contract drift; the
 * route keeps declaring the schema for /api/docs.
 */
export function sendBuiltDto<S extends z.ZodType>(reply: FastifyReply, schema: S, dto: z.output<S>, check: boolean) {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(check ? schema.encode(dto) : dto));
}
