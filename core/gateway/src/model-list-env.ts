import type { ModelAbilities, ModelCard } from '@manifold/core/contract/model-card';
import { ConfigError } from './config.js';

/** One parsed item of a `<ID>_MODEL_LIST` setting. */
export type ModelListItem =
  | { kind: 'remove-all' }
  | { kind: 'remove'; id: string }
  | {
      kind: 'add';
      id: string;
      deploymentName?: string;
      displayName?: string;
      contextWindowTokens?: number;
      abilities?: ModelAbilities;
    };

const ABILITY_TOKENS: Record<string, keyof ModelAbilities> = {
  vision: 'vision',
  fc: 'functionCall',
  reasoning: 'reasoning',
  file: 'files',
  search: 'search',
  imageOutput: 'imageOutput',
};

// id, optional ->deployment, optional =Display Name, optional <caps>
const ITEM = /^([^=<>]+?)(?:->([^=<>]+?))?(?:=([^<>]*?))?(?:<([^<>]*)>)?$/;

/** Parse `-all,-gpt-4,+my-model,id=Name<128000:vision:fc>,id->deployment`; throws ConfigError naming `variable`. */
export function parseModelList(setting: string, variable: string): ModelListItem[] {
  const items: ModelListItem[] = [];
  for (const raw of setting.split(',')) {
    const text = raw.trim();
    if (!text) continue;
    if (text === '-all') {
      items.push({ kind: 'remove-all' });
      continue;
    }
    if (text.startsWith('-')) {
      items.push({ kind: 'remove', id: text.slice(1).trim() });
      continue;
    }
    const match = ITEM.exec(text.startsWith('+') ? text.slice(1) : text);
    if (!match?.[1]?.trim()) throw new ConfigError(variable, `has an unreadable item "${text}"`);
    const [, id, deployment, displayName, caps] = match;
    const item: ModelListItem & { kind: 'add' } = { kind: 'add', id: id!.trim() };
    if (deployment?.trim()) item.deploymentName = deployment.trim();
    if (displayName?.trim()) item.displayName = displayName.trim();
    if (caps !== undefined) {
      const abilities: ModelAbilities = {};
      for (const token of caps
        .split(':')
        .map((part) => part.trim())
        .filter(Boolean)) {
        if (/^\d+$/.test(token)) item.contextWindowTokens = Number(token);
        else if (ABILITY_TOKENS[token]) abilities[ABILITY_TOKENS[token]] = true;
        else throw new ConfigError(variable, `has an unknown ability "${token}" in "${text}"`);
      }
      item.abilities = abilities;
    }
    items.push(item);
  }
  return items;
}

/** Apply parsed items to the built-in cards: listed models are enabled, new ones are `custom`. */
export function applyModelList(
  cards: readonly ModelCard[],
  items: readonly ModelListItem[],
): ModelCard[] {
  let result = cards.map((card) => ({ ...card }));
  for (const item of items) {
    if (item.kind === 'remove-all') result = [];
    else if (item.kind === 'remove') result = result.filter((card) => card.id !== item.id);
    else {
      const index = result.findIndex((card) => card.id === item.id);
      const base: ModelCard =
        index >= 0
          ? result[index]!
          : { id: item.id, type: 'chat', enabled: true, abilities: {}, source: 'custom' };
      const card: ModelCard = { ...base, enabled: true };
      if (item.displayName) card.displayName = item.displayName;
      if (item.contextWindowTokens !== undefined)
        card.contextWindowTokens = item.contextWindowTokens;
      if (item.abilities) card.abilities = { ...base.abilities, ...item.abilities };
      if (item.deploymentName)
        card.config = { ...base.config, deploymentName: item.deploymentName };
      if (index >= 0) result[index] = card;
      else result.push(card);
    }
  }
  return result;
}
