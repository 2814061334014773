import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

/**
 * JSON Schema validation of tool arguments and settings with Ajv (the schemas come from tools:
 * third-party manifests, MCP servers). Draft-07 by default with unknown keywords and formats
 * tolerated; a `$schema` naming another draft is ignored rather than refused, since MCP servers
 * and plugins declare several. Compiled once per schema object.
 */
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const compiled = new WeakMap<object, ValidateFunction>();

/** One reason a value does not fit its schema. */
export interface SchemaProblem {
  /** JSON Pointer to the value (`/city`), `/` for the whole value. */
  path: string;
  message: string;
}

/** The validator of a schema, or an Error when the schema itself cannot be compiled. */
function validatorOf(schema: Record<string, unknown>): ValidateFunction | Error {
  const known = compiled.get(schema);
  if (known) return known;
  try {
    const { $schema: _draft, $id: _id, ...rest } = schema;
    const validate = ajv.compile(rest);
    compiled.set(schema, validate);
    return validate;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

const describe = (errors: readonly ErrorObject[] | null | undefined): SchemaProblem[] =>
  (errors ?? []).slice(0, 10).map((error) => ({
    path: error.instancePath || '/',
    message:
      error.keyword === 'additionalProperties'
        ? `has an unknown property "${String((error.params as { additionalProperty?: unknown }).additionalProperty)}"`
        : (error.message ?? 'is invalid'),
  }));

/**
 * Check a value against a JSON Schema: `[]` when it fits, else up to 10 problems; `Error` when the
 * schema cannot be compiled (the tool's fault, not the caller's).
 */
export function checkAgainst(
  schema: Record<string, unknown>,
  value: unknown,
): SchemaProblem[] | Error {
  const validate = validatorOf(schema);
  if (validate instanceof Error) return validate;
  return validate(value) ? [] : describe(validate.errors);
}
