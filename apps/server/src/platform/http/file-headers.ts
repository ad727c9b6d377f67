import type { FastifyReply, FastifyRequest } from 'fastify';

/** Headers of a file read from git: its type, the blob id as the ETag, and no sniffing or scripts. */
export function fileHeaders(reply: FastifyReply, file: { contentType: string; oid: string; path: string }, disposition: 'inline' | 'attachment') {
  const name = encodeURIComponent(file.path.slice(file.path.lastIndexOf('/') + 1));
  return reply
    .header('content-type', file.contentType)
    .header('etag', `"${file.oid}"`)
    .header('cache-control', 'private, max-age=60')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; media-src 'self'; sandbox")
    .header('content-disposition', `${disposition}; filename*=UTF-8''${name}`);
}

/** True when the browser already holds this blob. */
export const notModified = (req: FastifyRequest, oid: string) => (req.headers['if-none-match'] ?? '').split(',').some((tag) => tag.trim() === `"${oid}"`);
