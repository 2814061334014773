import type { ModelAbilities } from '../contract/model-card.js';

/**
 * Keyword lists that decide a remote model's abilities from its id (SPEC §9). A keyword matches when
 * the lower-cased id contains it; `^kw` matches only at the start of the id (after an `owner/`
 * prefix too, so `^o3` matches `openai/o3-mini`); `!kw` (or `!^kw`) excludes: an id matching any
 * exclude never has the ability, whatever else matches.
 */
export interface AbilityKeywords {
  functionCall?: readonly string[];
  vision?: readonly string[];
  reasoning?: readonly string[];
  search?: readonly string[];
}

/** True when `id` matches the keyword list as described on `AbilityKeywords`. */
export function matchesKeywords(id: string, keywords: readonly string[] | undefined): boolean {
  if (!keywords?.length) return false;
  const lower = id.toLowerCase();
  const bare = lower.slice(lower.lastIndexOf('/') + 1);
  const hit = (keyword: string) =>
    keyword.startsWith('^')
      ? lower.startsWith(keyword.slice(1)) || bare.startsWith(keyword.slice(1))
      : lower.includes(keyword);
  let included = false;
  for (const raw of keywords) {
    const keyword = raw.toLowerCase();
    if (keyword.startsWith('!')) {
      if (hit(keyword.slice(1))) return false;
    } else if (!included && hit(keyword)) {
      included = true;
    }
  }
  return included;
}

/** The model families whose abilities are known by id, with the keywords that detect each. */
export const MODEL_FAMILIES = {
  openai: {
    detect: ['^gpt-', '^o1', '^o3', '^o4', '^chatgpt', '^codex', 'openai/'],
    abilities: {
      functionCall: [
        '^gpt-4',
        '^gpt-3.5-turbo',
        '^gpt-5',
        '^o3',
        '^o4',
        '^o1',
        '!-search-',
        '!audio',
      ],
      vision: [
        '^gpt-4o',
        '^gpt-4.1',
        '^gpt-5',
        '^o1',
        '^o3',
        '^o4',
        'gpt-4-turbo',
        '!o1-mini',
        '!o3-mini',
        '!-search-',
        '!audio',
      ],
      reasoning: ['^o1', '^o3', '^o4', '^gpt-5', 'gpt-oss', '!gpt-5-chat'],
      search: ['-search-'],
    },
  },
  anthropic: {
    detect: ['claude'],
    abilities: {
      functionCall: ['claude'],
      vision: [
        'claude-3',
        'claude-sonnet',
        'claude-opus',
        'claude-haiku',
        'claude-4',
        '!claude-3-5-haiku',
      ],
      reasoning: ['claude-3-7', 'claude-sonnet-4', 'claude-opus-4', 'claude-haiku-4', 'claude-4'],
    },
  },
  google: {
    detect: ['gemini', 'gemma'],
    abilities: {
      functionCall: ['gemini', '!gemma', '!-image'],
      vision: ['gemini', 'gemma-3', '!gemma-3-1b'],
      reasoning: ['gemini-2.5', 'gemini-3', 'thinking'],
      search: ['gemini-2', 'gemini-3', '!-image', '!-lite'],
    },
  },
  deepseek: {
    detect: ['deepseek'],
    abilities: {
      functionCall: [
        'deepseek-v3',
        'deepseek-chat',
        'deepseek-r1-0528',
        'deepseek-v3.1',
        '!deepseek-r1-distill',
      ],
      vision: ['deepseek-vl', 'janus'],
      reasoning: ['deepseek-r1', 'deepseek-reasoner', 'deepseek-v3.1', 'deepseek-v3.2'],
    },
  },
  qwen: {
    detect: ['qwen', 'qwq', 'qvq'],
    abilities: {
      functionCall: [
        'qwen-max',
        'qwen-plus',
        'qwen-turbo',
        'qwen-long',
        'qwen2.5',
        'qwen3',
        '!-vl',
        '!-coder-',
        '!qvq',
      ],
      vision: ['-vl', 'qvq', 'qwen-omni', 'qwen2.5-omni', 'qwen3-omni'],
      reasoning: ['qwq', 'qvq', 'qwen3', 'thinking', '!-instruct-2507', '!qwen3-coder'],
    },
  },
  zhipu: {
    detect: ['glm', 'chatglm', 'codegeex', 'cogview'],
    abilities: {
      functionCall: ['glm-4', 'glm-z1', '!glm-4v'],
      vision: ['glm-4v', 'glm-4.1v', 'glm-4.5v'],
      reasoning: [
        'glm-z1',
        'glm-zero',
        'glm-4.5',
        'glm-4.6',
        'glm-4.1v-thinking',
        'glm-4-plus-thinking',
      ],
      search: ['glm-4-alltools'],
    },
  },
  moonshot: {
    detect: ['moonshot', 'kimi'],
    abilities: {
      functionCall: ['moonshot', 'kimi'],
      vision: ['vision', 'kimi-latest', 'kimi-vl'],
      reasoning: ['thinking', 'kimi-k1'],
    },
  },
  llama: {
    detect: ['llama'],
    abilities: {
      functionCall: ['llama-3.1', 'llama-3.2', 'llama-3.3', 'llama-4', 'llama3.1', 'llama3.3'],
      vision: ['vision', 'llama-4', '-11b-vision', '-90b-vision'],
    },
  },
  mistral: {
    detect: ['mistral', 'mixtral', 'codestral', 'pixtral', 'ministral', 'magistral', 'devstral'],
    abilities: {
      functionCall: [
        'mistral-large',
        'mistral-medium',
        'mistral-small',
        'ministral',
        'codestral',
        'devstral',
        'magistral',
        'pixtral',
        'mixtral-8x22b',
      ],
      vision: ['pixtral', 'mistral-medium', 'mistral-small-2503', 'mistral-small-3'],
      reasoning: ['magistral'],
    },
  },
  xai: {
    detect: ['grok'],
    abilities: {
      functionCall: ['grok'],
      vision: ['vision', 'grok-4', '!grok-4-fast-non'],
      reasoning: ['grok-3-mini', 'grok-4', 'grok-code', '!non-reasoning'],
      search: ['grok'],
    },
  },
  minimax: {
    detect: ['minimax', 'abab'],
    abilities: {
      functionCall: ['minimax', 'abab'],
      vision: ['-vl'],
      reasoning: ['minimax-m1', 'minimax-m2'],
    },
  },
  wenxin: {
    detect: ['ernie'],
    abilities: {
      functionCall: ['ernie-4', 'ernie-x1', 'ernie-3.5'],
      vision: ['-vl', 'ernie-4.5-turbo-vl'],
      reasoning: ['ernie-x1', 'thinking'],
    },
  },
  hunyuan: {
    detect: ['hunyuan'],
    abilities: {
      functionCall: ['hunyuan-functioncall', 'hunyuan-turbo', 'hunyuan-pro', 'hunyuan-t1'],
      vision: ['vision', '-vl'],
      reasoning: ['hunyuan-t1', 'hunyuan-a13b'],
    },
  },
  doubao: {
    detect: ['doubao'],
    abilities: {
      functionCall: ['doubao-1.5', 'doubao-seed', 'doubao-pro'],
      vision: ['vision', 'doubao-seed', '-vl'],
      reasoning: ['thinking', 'doubao-seed'],
    },
  },
  phi: {
    detect: ['phi-'],
    abilities: { vision: ['vision', 'multimodal'], reasoning: ['reasoning'] },
  },
  cohere: {
    detect: ['command', 'c4ai', 'aya'],
    abilities: {
      functionCall: ['command-r', 'command-a'],
      vision: ['aya-vision', 'command-a-vision'],
      reasoning: ['reasoning'],
    },
  },
} as const satisfies Record<string, { detect: readonly string[]; abilities: AbilityKeywords }>;

export type ModelFamily = keyof typeof MODEL_FAMILIES;

/** The family an id belongs to by its detect keywords, first match in table order. */
export function detectFamily(id: string): ModelFamily | undefined {
  for (const [family, config] of Object.entries(MODEL_FAMILIES)) {
    if (matchesKeywords(id, config.detect)) return family as ModelFamily;
  }
  return undefined;
}

/**
 * The abilities of a remote model no built-in card describes: from the provider's own keyword lists
 * when it has them, else from its family's (`detectFamily`); abilities that do not match are left
 * out rather than set false.
 */
export function inferAbilities(id: string, keywords?: AbilityKeywords): ModelAbilities {
  const family = detectFamily(id);
  const lists: AbilityKeywords = keywords ?? (family ? MODEL_FAMILIES[family].abilities : {});
  const abilities: ModelAbilities = {};
  for (const ability of ['functionCall', 'vision', 'reasoning', 'search'] as const) {
    if (matchesKeywords(id, lists[ability])) abilities[ability] = true;
  }
  return abilities;
}
