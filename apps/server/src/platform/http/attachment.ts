import type { FastifyReply } from 'fastify';

/** Sends bytes made for the caller as a download: the web reads the name from download-filename. */
export function sendAttachment(reply: FastifyReply, fileName: string, body: Buffer, contentType: string) {
  const encoded = encodeURIComponent(fileName);
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename*=UTF-8''${encoded}`)
    .header('download-filename', encoded)
    .header('access-control-expose-headers', 'download-filename')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}
