import type { HLJSApi, LanguageFn } from 'highlight.js';

type LanguageModule = () => Promise<{ default: LanguageFn }>;

// Each language is a chunk of its own, fetched the first time a code block names it; highlight.js
// core comes with the first one. A language missing here stays plain text.
const LANGUAGES: Record<string, LanguageModule> = {
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  dart: () => import('highlight.js/lib/languages/dart'),
  diff: () => import('highlight.js/lib/languages/diff'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  elixir: () => import('highlight.js/lib/languages/elixir'),
  go: () => import('highlight.js/lib/languages/go'),
  graphql: () => import('highlight.js/lib/languages/graphql'),
  haskell: () => import('highlight.js/lib/languages/haskell'),
  http: () => import('highlight.js/lib/languages/http'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  latex: () => import('highlight.js/lib/languages/latex'),
  lua: () => import('highlight.js/lib/languages/lua'),
  makefile: () => import('highlight.js/lib/languages/makefile'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  nginx: () => import('highlight.js/lib/languages/nginx'),
  objectivec: () => import('highlight.js/lib/languages/objectivec'),
  perl: () => import('highlight.js/lib/languages/perl'),
  php: () => import('highlight.js/lib/languages/php'),
  powershell: () => import('highlight.js/lib/languages/powershell'),
  protobuf: () => import('highlight.js/lib/languages/protobuf'),
  python: () => import('highlight.js/lib/languages/python'),
  r: () => import('highlight.js/lib/languages/r'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  scala: () => import('highlight.js/lib/languages/scala'),
  scss: () => import('highlight.js/lib/languages/scss'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
};

/** Names models write after a fence, mapped to the module that reads them. */
const ALIASES: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  shellsession: 'bash',
  h: 'c',
  'c++': 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  'c#': 'csharp',
  docker: 'dockerfile',
  ex: 'elixir',
  exs: 'elixir',
  golang: 'go',
  gql: 'graphql',
  hs: 'haskell',
  toml: 'ini',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  jsonc: 'json',
  json5: 'json',
  kt: 'kotlin',
  kts: 'kotlin',
  tex: 'latex',
  make: 'makefile',
  mk: 'makefile',
  md: 'markdown',
  objc: 'objectivec',
  pl: 'perl',
  ps: 'powershell',
  ps1: 'powershell',
  proto: 'protobuf',
  py: 'python',
  python3: 'python',
  rb: 'ruby',
  rs: 'rust',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  html: 'xml',
  htm: 'xml',
  svg: 'xml',
  xhtml: 'xml',
  vue: 'xml',
  yml: 'yaml',
  postgres: 'sql',
  postgresql: 'sql',
  mysql: 'sql',
  sqlite: 'sql',
};

/** The module name for a fence's language (`py` → `python`), or undefined when none reads it. */
export function languageModuleName(language: string | undefined): string | undefined {
  const name = language?.trim().toLowerCase();
  if (!name) return undefined;
  const id = ALIASES[name] ?? name;
  return Object.hasOwn(LANGUAGES, id) ? id : undefined;
}

let core: Promise<HLJSApi> | undefined;
let loaded: HLJSApi | undefined;
const loading = new Map<string, Promise<HLJSApi | undefined>>();

/**
 * highlight.js with the language of `language` registered, loading both on first use; undefined
 * when the language is unknown or could not be loaded (the code then stays plain).
 */
export function loadHighlighter(language: string | undefined): Promise<HLJSApi | undefined> {
  const id = languageModuleName(language);
  if (!id) return Promise.resolve(undefined);
  let pending = loading.get(id);
  if (!pending) {
    core ??= import('highlight.js/lib/core').then((module) => (loaded = module.default));
    const load = LANGUAGES[id] as LanguageModule;
    pending = Promise.all([core, load()]).then(
      ([hljs, module]) => {
        if (!hljs.getLanguage(id)) hljs.registerLanguage(id, module.default);
        return hljs;
      },
      () => {
        loading.delete(id); // a failed chunk fetch is tried again next time
        return undefined;
      },
    );
    loading.set(id, pending);
  }
  return pending;
}

/** highlight.js when `language` is loaded already (a block highlights at once), else undefined. */
export function readyHighlighter(language: string | undefined): HLJSApi | undefined {
  const id = languageModuleName(language);
  return id && loaded?.getLanguage(id) ? loaded : undefined;
}

/** The HTML of `code` highlighted as `language` with a loaded highlighter (tokens as spans). */
export function highlightWith(hljs: HLJSApi, code: string, language: string): string {
  const id = languageModuleName(language) ?? language;
  return hljs.highlight(code, { language: id, ignoreIllegals: true }).value;
}
