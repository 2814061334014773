import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { builtinAgents } from '../sync/builtin-agents.js';

/**
 * `GET /webapi/agents/builtin`: the read-only built-in agents (the support assistant), the same
 * for everyone; with the auth of every `/webapi/*` route, so it works signed out too.
 */
export function registerBuiltinAgentsRoute(
  app: FastifyInstance,
  options: {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    docsUrl: string | undefined;
  },
): void {
  const answer = { agents: builtinAgents({ docsUrl: options.docsUrl }) };
  app.get('/webapi/agents/builtin', { preHandler: options.authenticate }, async () => answer);
}
