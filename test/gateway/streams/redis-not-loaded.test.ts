/**
 * Boot stays light (issue 18): a gateway without `REDIS_URL` never loads `ioredis`, and one without
 * `RATE_LIMIT_RPM` never loads `@fastify/rate-limit`; with them (a Redis nobody listens on: the
 * gateway still boots), the watch does see the modules.
 */
import t from 'tap';
import { bootModuleLoads } from '../../helpers/boot-modules.js';

t.test(
  'without REDIS_URL and RATE_LIMIT_RPM neither ioredis nor the rate limiter is loaded',
  async (t) => {
    const { off, on } = await bootModuleLoads(
      ['/node_modules/ioredis/', '/node_modules/@fastify/rate-limit/'],
      { off: {}, on: { REDIS_URL: 'redis://127.0.0.1:9', RATE_LIMIT_RPM: '10' } },
    );
    t.equal(off, 0, 'one process: neither module loaded');
    t.ok(on > 0, 'with REDIS_URL and RATE_LIMIT_RPM: loaded (the watch sees them)');
  },
);
