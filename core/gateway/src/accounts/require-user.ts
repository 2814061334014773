import type { FastifyRequest } from 'fastify';
import { ManifoldError } from '@manifold/core/errors/manifold-error';

/** The 401 of a request that needs a signed-in person (SPEC §6: `InvalidAccessCode`). */
export const signInRequired = () =>
  new ManifoldError('InvalidAccessCode', {
    message: 'Sign in, or send a personal API key as the Authorization bearer token',
  });

/** preHandler of the routes of a person's own data: signed in, or 401 `InvalidAccessCode`. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw signInRequired();
}
