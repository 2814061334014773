import t, { type Test } from 'tap';
import { createServer, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import { chatEvents, chatRequest, runtimeOptions } from '../wires/openai/runtime-helpers.js';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';

/**
 * An upstream that sends `data: [DONE]` and only ends the body `tailMs` later, as real servers do
 * when the terminating chunk leaves in its own segment. It counts the TCP connections it accepts.
 */
async function lateEndingUpstream(t: Test, tailMs: number) {
  const sockets = new Set<Socket>();
  let connections = 0;
  let ended = 0;
  let onEnded = () => {};
  const server = createServer((request, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const chunk of textChunks(['Hel', 'lo']))
        response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      response.write('data: [DONE]\n\n');
      setTimeout(
        () =>
          response.end(() => {
            ended++;
            onEnded();
          }),
        tailMs,
      ).unref();
    });
  });
  server.on('connection', (socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  const port = (server.address() as { port: number }).port;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    connections: () => connections,
    /** Bodies the upstream has finished sending. */
    ended: () => ended,
    /** Resolves once `count` bodies have been finished. */
    untilEnded: (count: number) =>
      new Promise<void>((resolve) => {
        onEnded = () => ended >= count && resolve();
        onEnded();
      }),
  };
}

t.test(
  'a stream read to its end marker leaves the upstream connection open for the next call',
  async (t) => {
    const upstream = await lateEndingUpstream(t, 30);
    const runtime = createOpenAICompatibleRuntime(
      { baseURL: upstream.baseURL },
      runtimeOptions(upstream),
    );
    for (let call = 0; call < 3; call++) {
      const events = await chatEvents(runtime, chatRequest());
      t.same(
        events.map((event) => event.event),
        ['text', 'text', 'stop', 'speed'],
        `call ${call + 1} streams normally`,
      );
      // the body's end reaches the client, so the connection goes back to the pool
      await upstream.untilEnded(call + 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    t.equal(upstream.connections(), 1, 'three calls used one keep-alive connection');
  },
);

t.test('a tail that never ends is cut after the drain limit', async (t) => {
  const upstream = await lateEndingUpstream(t, 60_000);
  const runtime = createOpenAICompatibleRuntime(
    { baseURL: upstream.baseURL },
    runtimeOptions(upstream),
  );
  t.same(
    (await chatEvents(runtime, chatRequest())).map((event) => event.event),
    ['text', 'text', 'stop', 'speed'],
  );
  t.equal(upstream.ended(), 0, 'the events did not wait for the body to end');
  // past the drain limit (1 s): its timer was set first, so it has fired when this one does
  await new Promise((resolve) => setTimeout(resolve, 1300));
  await chatEvents(runtime, chatRequest());
  t.equal(
    upstream.connections(),
    2,
    'the stuck connection was dropped, the next call opened a new one',
  );
});
