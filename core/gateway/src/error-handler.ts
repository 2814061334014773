import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { toErrorResponse, type ErrorPayload } from '@manifold/core/errors/response';
import { isValidHttpStatus } from '@manifold/core/errors/status';
import { isAbort } from '@manifold/core/errors/upstream-error';

/** Status logged for a request whose client left first ("client closed request", as pull uses). */
export const CLIENT_CLOSED_STATUS = 499;

/** Error codes of a connection the client cut (an upload left half-sent). */
const DISCONNECT_CODES = new Set([
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ABORT_ERR',
  'UND_ERR_ABORTED',
]);

/**
 * True when the error is the client leaving, not a failure: the connection is gone and the error
 * is an abort (the route's signal fired, an upload was cut, an upstream call was cancelled).
 */
function isClientDisconnect(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  const gone = request.raw.socket?.destroyed === true || reply.raw.destroyed;
  if (!gone) return false;
  const aborted =
    isAbort(error) ||
    (error.code !== undefined && DISCONNECT_CODES.has(error.code)) ||
    (error instanceof ManifoldError && error.body.reason === 'aborted');
  return aborted;
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { missingProperty?: string; additionalProperty?: string };
}

/**
 * `body/messages/0/role must be equal to one of the allowed values` → field `messages.0.role`; an
 * unknown property `extra` of `body/vault` → field `vault.extra`.
 */
function describeValidation(error: FastifyError): { message: string; field: string } {
  const issue = (error.validation?.[0] ?? {}) as ValidationIssue;
  const path = (issue.instancePath ?? '').split('/').filter(Boolean);
  if (issue.params?.missingProperty) path.push(issue.params.missingProperty);
  // a field the schema does not have is named itself, not its object
  const unknown = issue.params?.additionalProperty;
  if (unknown) path.push(unknown);
  const field = path.join('.') || (error.validationContext ?? 'body');
  return {
    field,
    message: `${error.validationContext ?? 'body'}.${field} ${unknown ? 'is not a known field' : (issue.message ?? 'is invalid')}`,
  };
}

/** Map a framework error to a catalogue error (CONTRACT §3 and §7). */
function toManifold(error: FastifyError): ManifoldError | undefined {
  if (error.validation) {
    const { message, field } = describeValidation(error);
    return new ManifoldError('BadRequest', { message, field });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ManifoldError(413, { message: 'Request body is larger than BODY_LIMIT' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ManifoldError('BadRequest', { message: 'Content-Type must be application/json' });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ManifoldError('BadRequest', { message: 'Request body is empty', field: 'body' });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ManifoldError('BadRequest', {
        message: 'Request body is not valid JSON',
        field: 'body',
      });
  }
  if (error.statusCode === 400 && error instanceof SyntaxError) {
    return new ManifoldError('BadRequest', {
      message: 'Request body is not valid JSON',
      field: 'body',
    });
  }
  return undefined;
}

/** Re-shapes the CONTRACT §7 payload for an API with its own error shape (the `/v1/*` APIs). */
export type ErrorShape = (status: number, payload: ErrorPayload) => unknown;

/**
 * Answer a route's error: the CONTRACT §7 body (or `shape` of it) with the SPEC §8 status, nothing
 * leaked; a client that left is logged at info as 499, an unexpected error at error level.
 */
export function sendError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  shape?: ErrorShape,
) {
  if (isClientDisconnect(error, request, reply)) {
    // Nobody is left to answer and nothing failed: no error log, no stack.
    request.log.info(
      {
        status: CLIENT_CLOSED_STATUS,
        reason: typeof error.code === 'string' ? error.code : error.name,
      },
      'client disconnected',
    );
    const payload: ErrorPayload = {
      errorType: CLIENT_CLOSED_STATUS,
      body: { message: 'The client closed the connection before the answer' },
    };
    return reply
      .code(CLIENT_CLOSED_STATUS)
      .send(shape ? shape(CLIENT_CLOSED_STATUS, payload) : payload);
  }
  const mapped = error instanceof ManifoldError ? error : toManifold(error);
  const { status, payload } = toErrorResponse(mapped ?? error);
  if (!isValidHttpStatus(status)) request.log.warn({ status }, 'error status outside 200-599');
  if (!mapped) {
    request.log.error({ err: error }, 'unexpected error');
  } else {
    request.log.info({ errorType: payload.errorType, status }, 'request failed');
  }
  const sent = isValidHttpStatus(status) ? status : 500;
  return reply.code(sent).send(shape ? shape(sent, payload) : payload);
}

/** One error handler for every route: the CONTRACT §7 body, the SPEC §8 status, nothing leaked. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      errorType: 404,
      body: { message: `Route ${request.method} ${request.url} not found` },
    }),
  );
}
