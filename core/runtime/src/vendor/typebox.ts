/**
 * The three TypeBox entry points the gateway uses, as one module. `npm run build` bundles this file
 * (TypeBox inlined) and points every built `typebox`, `typebox/compile` and `typebox/value` import
 * at it: TypeBox ships as some 700 small ES modules, all loaded at boot, and each module costs the
 * ES module loader memory of its own (about 15 MiB of RSS for TypeBox alone, against a few for the
 * same code as one module). Running from sources (tests), this is a plain re-export.
 */
export { Type } from 'typebox';
export { Compile } from 'typebox/compile';
export { Value } from 'typebox/value';
