import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyHttpOptions,
} from 'fastify';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { toErrorResponse } from '@manifold/core/errors/response';

/**
 * Longest path parameter the router accepts. Node's header limit (16 KiB by default) ends a longer
 * URL first, so an over-long `:provider` reaches the route's schema (400 naming the field) instead
 * of find-my-way's bare 414.
 */
export const MAX_PARAM_LENGTH = 16 * 1024;

/** The catalogue error for a request Node's HTTP parser refused (`clientError`). */
export function clientErrorOf(error: NodeJS.ErrnoException): ManifoldError {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ManifoldError(408, { message: 'The request did not arrive in time' });
    case 'HPE_HEADER_OVERFLOW':
      return new ManifoldError(431, {
        message: 'The request line and headers are larger than the server accepts',
      });
    default:
      return new ManifoldError('BadRequest', {
        message: `The request is not valid HTTP/1.1${error.code ? ` (${error.code})` : ''}`,
        field: 'http',
      });
  }
}

/** The JSON text and status of a catalogue error, as every other answer carries it. */
function errorAnswer(error: ManifoldError): { status: number; body: string } {
  const { status, payload } = toErrorResponse(error);
  return { status, body: JSON.stringify(payload) };
}

/** A complete HTTP/1.1 error answer written by hand, for sockets no HTTP response owns. */
export function rawErrorResponse(error: ManifoldError): string {
  const { status, body } = errorAnswer(error);
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * `clientError`: the request never became one (bad framing, headers too large, too slow), so
 * Fastify never sees it. Answers with the CONTRACT §7 body and closes, unless an answer is already
 * under way on the socket (writing then would corrupt it).
 */
function onClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = clientErrorOf(error);
  this.log.debug({ code: error.code, errorType: refusal.errorType }, 'client error');
  const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || answering?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(rawErrorResponse(refusal), () => socket.destroy());
}

/** Router refusals (a malformed `%` escape, a path parameter over `MAX_PARAM_LENGTH`). */
function onFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const refusal =
    error.code === 'FST_ERR_BAD_URL'
      ? new ManifoldError('BadRequest', {
          message: 'The URL has a malformed percent-escape (%XX)',
          field: 'url',
        })
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new ManifoldError('BadRequest', {
            message: `A path parameter is longer than ${MAX_PARAM_LENGTH} characters`,
            field: 'url',
          })
        : new ManifoldError(500, { message: error.message });
  const { status, body } = errorAnswer(refusal);
  request.log.info({ code: error.code, status }, 'request refused');
  void reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Fastify options that route the framework's own refusals to the CONTRACT §7 body. */
export const frameworkErrorOptions = {
  clientErrorHandler: onClientError,
  frameworkErrors: onFrameworkError,
  routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  // Node's own missing-Host answer has an empty body; the onRequest hook below answers instead.
  http: { requireHostHeader: false },
} satisfies FastifyHttpOptions<Server>;

/**
 * The refusals Node would answer with an empty body: an HTTP/1.1 request without `Host` (400) and
 * an `Expect` other than `100-continue` (417).
 */
export function installProtocolRefusals(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const { httpVersionMajor, httpVersionMinor } = request.raw;
    if (httpVersionMajor !== 1 || httpVersionMinor !== 1 || request.headers.host) return;
    const { status, body } = errorAnswer(
      new ManifoldError('BadRequest', {
        message: 'An HTTP/1.1 request needs a Host header',
        field: 'headers.host',
      }),
    );
    return reply
      .code(status)
      .header('connection', 'close')
      .type('application/json; charset=utf-8')
      .send(body);
  });
  app.server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const { status, body } = errorAnswer(
      new ManifoldError(417, {
        message: 'The Expect header is not supported; only Expect: 100-continue is',
        field: 'headers.expect',
      }),
    );
    app.log.debug({ expect: request.headers.expect }, 'unsupported Expect header');
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    response.end(body);
  });
}
