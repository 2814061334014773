import { builtinResolvers, type TemplateContext } from './template-variables.js';

export type { TemplateContext } from './template-variables.js';

/** `{{name}}`, spaces inside the braces allowed. */
const VARIABLE = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

/** SPEC §5: a variable's value may hold variables once more, but no deeper. */
const PASSES = 2;

/**
 * Expand the template variables of SPEC §9 (`{{date}}`, `{{username}}`, `{{uuid}}`, …; see
 * `TEMPLATE_VARIABLES`) in a system prompt. Values that themselves contain variables are expanded
 * in a second pass, never a third; unknown variables are left as written. Browser-safe.
 */
export function expandTemplate(text: string, context: TemplateContext = {}): string {
  if (!text.includes('{{')) return text;
  const builtins = builtinResolvers(context);
  const extra = context.extra ?? {};
  const resolve = (name: string): string | undefined => {
    if (Object.hasOwn(extra, name)) {
      const value = extra[name];
      return typeof value === 'function' ? value() : value;
    }
    return Object.hasOwn(builtins, name) ? builtins[name]!() : undefined;
  };
  let result = text;
  for (let pass = 0; pass < PASSES && result.includes('{{'); pass++) {
    result = result.replace(VARIABLE, (whole, name: string) => {
      try {
        return resolve(name) ?? whole;
      } catch {
        // A failing extra variable must not break the prompt; it stays as written.
        return whole;
      }
    });
  }
  return result;
}
