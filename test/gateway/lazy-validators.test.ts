/**
 * Route validators are compiled on their route's first request, not at boot (issue 19), by
 * Fastify's own Ajv compiler with the same options: same answers, same errors.
 */
import t from 'tap';
import { buildLazyValidator } from '@manifold/gateway/lazy-validators';

type Validate = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown };

t.test('a validator is compiled on its first call and answers as Ajv does', async (t) => {
  let reads = 0;
  const schema = {
    type: 'object',
    required: ['model'],
    get properties() {
      reads++;
      return { model: { type: 'string' }, n: { type: 'integer', default: 1 } };
    },
  };
  const compile = (
    buildLazyValidator as unknown as (s: unknown, o: unknown) => (r: unknown) => Validate
  )({}, { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } });
  const validate = compile({ schema, method: 'POST', url: '/x', httpPart: 'body' });
  t.equal(reads, 0, 'not compiled when the route is built');

  const body: Record<string, unknown> = { model: 'm' };
  t.equal(validate(body, { parentData: { body }, parentDataProperty: 'body' }), true);
  t.ok(reads > 0, 'compiled on the first call');
  t.same(body, { model: 'm', n: 1 }, "Ajv's defaults are applied");

  t.equal(validate({ model: 5 }), false);
  t.match(validate.errors, [{ instancePath: '/model', message: 'must be string' }], 'its errors');
  t.equal(validate({ model: 'ok' }), true);
  t.equal(validate.errors, null, 'cleared after a valid call');
});
