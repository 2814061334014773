import { expandTemplate, type TemplateContext } from '@manifold/core/template/expand-template';
import {
  TEMPLATE_VARIABLES,
  type TemplateVariable,
} from '@manifold/core/template/template-variables';

export type { TemplateContext, TemplateVariable };

/** `{{name}}` as `expandTemplate` reads it. */
const VARIABLE = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

/** What the system-prompt editor shows under the prompt. */
export interface TemplatePreview {
  /** The prompt with every known variable expanded (SPEC §9; unknown ones stay as written). */
  text: string;
  /** Names of the variables used in the prompt, in order of first use. */
  used: string[];
  /** Used names that are neither built in nor in `context.extra` (shown as a warning). */
  unknown: string[];
}

/** The built-in variables the editor can offer for insertion (name and description). */
export function templateVariables(): readonly TemplateVariable[] {
  return TEMPLATE_VARIABLES;
}

/** The variable names written in a prompt, each once, in order of first use. */
export function templateVariableNames(prompt: string): string[] {
  const names = new Set<string>();
  for (const match of prompt.matchAll(VARIABLE)) names.add(match[1] as string);
  return [...names];
}

/**
 * Preview a system prompt: its expansion via `expandTemplate` from core (pass a fixed `now` /
 * `random` in `context` for a stable preview), the variables it uses and the unknown ones.
 */
export function previewTemplate(prompt: string, context: TemplateContext = {}): TemplatePreview {
  const known = new Set([
    ...TEMPLATE_VARIABLES.map((variable) => variable.name),
    ...Object.keys(context.extra ?? {}),
  ]);
  const used = templateVariableNames(prompt);
  return {
    text: expandTemplate(prompt, context),
    used,
    unknown: used.filter((name) => !known.has(name)),
  };
}

/** The `{{name}}` text to insert for a variable. */
export const variableToken = (name: string): string => `{{${name}}}`;
