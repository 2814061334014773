import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

/** What Fastify's `schemaController.compilersFactory.buildValidator` option takes. */
type BuildValidator = NonNullable<
  NonNullable<
    NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
  >['buildValidator']
>;

/** A route part's validator as Fastify calls it (Ajv's: `errors` after a failed call). */
interface Validator {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown;
  schemaEnv?: unknown;
}

/** A route part's compiler, from the schemas shared at that point (Fastify's `buildValidator`). */
type Compile = (route: { schema: unknown; httpPart?: string }) => Validator;

/** Fastify's own validator compiler (Ajv through `@fastify/ajv-compiler`), its default. */
const defaultBuildValidator = (
  createRequire(import.meta.url)('@fastify/ajv-compiler') as () => (
    externalSchemas: unknown,
    options: unknown,
  ) => Compile
)();

/**
 * Fastify's default validators (same Ajv, same options), each compiled on its route's first
 * request instead of at boot: compiling the forty-odd validated route parts at boot allocated ~25
 * MiB and kept the generated code of routes a gateway may never serve.
 */
export const buildLazyValidator = ((externalSchemas: unknown, options: unknown): Compile => {
  const compile = defaultBuildValidator(externalSchemas, options);
  return (route) => {
    let validator: Validator | undefined;
    const lazy: Validator = (data, context) => {
      validator ??= compile(route);
      const result = validator.schemaEnv ? validator(data, context) : validator(data);
      lazy.errors = validator.errors;
      return result;
    };
    // Fastify gives the parent object (with which Ajv may replace a root value) only to a
    // validator that has `schemaEnv`, as Ajv's have.
    lazy.schemaEnv = true;
    return lazy;
  };
  // Fastify types its option as Ajv's or JTD's compiler; this one returns a plain function
}) as unknown as BuildValidator;
