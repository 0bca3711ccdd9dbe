import type { FastifyReply } from 'fastify';

/**
 * A signal aborted when the client closes its connection before the answer is sent: a request waiting for a job (an
 * export, an import) stops waiting, while the job carries on and the web finds it again (GET /api/books/{id}/jobs).
 * It listens to the response's 'close', not the request's: a request's fires as soon as its body has been read.
 */
export function abortWhenClientGoes(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort(new Error('the client closed the connection'));
  });
  return gone.signal;
}
