/**
 * The upstreams of a router provider (AiHubMix, New API): the fake OpenAI, Anthropic and Google
 * servers behind one front origin, as a router's single host serves them. The front is a real
 * reverse proxy on 127.0.0.1 that records each request as the router sent it (path, headers)
 * and pipes it, with its answer, to the fake its path belongs to, with a path prefix removed
 * where the host mounts a wire under one (AiHubMix's `/gemini`).
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { startFakeAnthropic, type FakeAnthropic } from '@manifold/provider-kit/fakes/anthropic';
import { closeFakeServer } from '@manifold/provider-kit/fakes/fake-server';
import { startFakeGoogle, type FakeGoogle } from '@manifold/provider-kit/fakes/google';
import { startFakeOpenAI, type FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { TEST_KEY } from '../../wires/openai/runtime-helpers.js';

/** The wire a path belongs to, and the prefix the host mounts it under. */
export interface FrontRule {
  wire: 'anthropic' | 'google';
  /** True for the paths of this wire (as the router sent them). */
  match(path: string): boolean;
  /** Removed from the start of the path before it reaches the fake. */
  strip?: string;
}

/** One request as the front received it. */
export interface FrontRequest {
  wire: 'openai' | 'anthropic' | 'google';
  method: string;
  /** The path the router sent, prefix included, without the query. */
  path: string;
  headers: IncomingHttpHeaders;
}

/** The front and the fakes behind it. */
export interface RouterUpstreams {
  /** `http://127.0.0.1:<port>`: the router's origin. */
  url: string;
  requests: FrontRequest[];
  lastRequest(): FrontRequest | undefined;
  openai: FakeOpenAI;
  anthropic: FakeAnthropic;
  google: FakeGoogle;
}

/**
 * Start the three fakes (the Anthropic and Google ones accepting only `TEST_KEY`) and a front
 * routing by `rules` (the rest goes to the fake OpenAI), all closed at teardown.
 */
export async function startRouterUpstreams(
  t: { teardown(fn: () => unknown): void },
  rules: readonly FrontRule[],
): Promise<RouterUpstreams> {
  const openai = await startFakeOpenAI();
  const anthropic = await startFakeAnthropic({ apiKey: TEST_KEY });
  const google = await startFakeGoogle({ apiKey: TEST_KEY });
  const targets = { openai: openai.url, anthropic: anthropic.url, google: google.url };
  const requests: FrontRequest[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    const rule = rules.find((candidate) => candidate.match(url.pathname));
    const wire = rule?.wire ?? 'openai';
    requests.push({
      wire,
      method: incoming.method ?? 'GET',
      path: url.pathname,
      headers: incoming.headers,
    });
    const path = rule?.strip ? url.pathname.slice(rule.strip.length) : url.pathname;
    const target = new URL(path + url.search, targets[wire]);
    const { host: _host, ...headers } = incoming.headers;
    const upstream = httpRequest(target, { method: incoming.method, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    response.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('front has no address');
  t.teardown(async () => {
    await closeFakeServer(server, sockets);
    await Promise.all([openai.close(), anthropic.close(), google.close()]);
  });

  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    lastRequest: () => requests.at(-1),
    openai,
    anthropic,
    google,
  };
}
