import type { FastifyReply } from 'fastify';
import type { StoredFile } from '../../storage/file-storage';

/** Sends a plan image inline, with nosniff: the bytes were checked on upload, the browser must not guess. */
export function sendImage(reply: FastifyReply, file: StoredFile) {
  const ext = file.contentType === 'image/jpeg' ? 'jpg' : 'png';
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `inline; filename="grundriss.${ext}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600')
    .send(file.bytes);
}
