// The person's agents, kept in the browser (IndexedDB, like the conversations) in the shape of the
// sync API's agent, with soft deletes and `updatedAt` so the sync can plug in: it reads
// `$agents` (deleted ones included) and writes what it pulls with `putAgentRows`.
import { atom, computed } from 'nanostores';
import { get, set } from 'idb-keyval';
import { $labels } from '../../../app/locale.js';
import { showUndoToast } from '../../../lib/toasts.js';
import { newId } from '../../chat/stores/conversations.js';
import { $agentText } from '../labels.js';
import { blankAgent, duplicateOf, normalizeAgent, type Agent } from './agent-model.js';

const AGENTS_KEY = 'manifold:agents';

/** Every agent, soft-deleted ones included (the sync needs them); newest first. */
export const $agents = atom<Agent[]>([]);
export const $agentsLoaded = atom(false);

/** The agents the app shows: not deleted. */
export const $liveAgents = computed($agents, (all) => all.filter((a) => !a.deletedAt));

/** The agent new chats start from, if one is set. */
export const $defaultAgent = computed($liveAgents, (all) => all.find((a) => a.isDefault));

/** Called after every local change (the sync helper subscribes to push it). */
const changeListeners = new Set<(agent: Agent) => void>();
export function onAgentChanged(listener: (agent: Agent) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

export async function loadAgents(): Promise<void> {
  try {
    const stored = await get<Agent[]>(AGENTS_KEY);
    if (stored) $agents.set(stored.map((a) => normalizeAgent(a)));
  } catch (error) {
    console.warn('agents not loaded', error);
  } finally {
    $agentsLoaded.set(true);
  }
}

export async function saveAgents(): Promise<void> {
  try {
    await set(AGENTS_KEY, $agents.get());
  } catch (error) {
    console.warn('agents not saved', error);
  }
}

const nowIso = () => new Date().toISOString();

export function findAgent(id: string | undefined): Agent | undefined {
  return id ? $agents.get().find((a) => a.id === id && !a.deletedAt) : undefined;
}

function commit(next: Agent[], changed: Agent[]): void {
  $agents.set(next);
  void saveAgents();
  for (const agent of changed) for (const listener of changeListeners) listener(agent);
}

/** Make a new agent (ids are the client's: the sync keeps them). */
export function createAgent(patch: Partial<Agent> = {}): Agent {
  const agent: Agent = {
    ...blankAgent(newId('agent'), nowIso(), $agentText.get().newAgentTitle),
    ...patch,
  };
  commit([agent, ...$agents.get()], [agent]);
  if (agent.isDefault) setDefaultAgent(agent.id);
  return agent;
}

/** Change an agent; `updatedAt` moves (last writer wins in the sync). */
export function updateAgent(id: string, patch: Partial<Agent>): void {
  const changed: Agent[] = [];
  const next = $agents.get().map((a) => {
    if (a.id !== id) return a;
    const agent = { ...a, ...patch, updatedAt: nowIso() };
    changed.push(agent);
    return agent;
  });
  commit(next, changed);
}

/** New chats start from this agent (`undefined`: from none); clears the others' flag. */
export function setDefaultAgent(id: string | undefined): void {
  const now = nowIso();
  const changed: Agent[] = [];
  const next = $agents.get().map((a) => {
    const isDefault = a.id === id;
    if (a.isDefault === isDefault) return a;
    const agent = { ...a, isDefault, updatedAt: now };
    changed.push(agent);
    return agent;
  });
  commit(next, changed);
}

/** A copy of an agent, listed first. */
export function duplicateAgent(id: string): Agent | undefined {
  const agent = findAgent(id);
  if (!agent) return undefined;
  const copy = duplicateOf(
    agent,
    newId('agent'),
    nowIso(),
    `${agent.title || $agentText.get().untitled} ${$agentText.get().copySuffix}`,
  );
  commit([copy, ...$agents.get()], [copy]);
  return copy;
}

/** Soft-delete an agent and offer to undo it for a few seconds. */
export function deleteAgentWithUndo(id: string): void {
  const agent = findAgent(id);
  if (!agent) return;
  const deleted: Agent = { ...agent, deletedAt: nowIso(), updatedAt: nowIso(), isDefault: false };
  commit(
    $agents.get().map((a) => (a.id === id ? deleted : a)),
    [deleted],
  );
  const text = $agentText.get();
  showUndoToast(
    text.agentDeleted,
    () => {
      const back: Agent = { ...agent, updatedAt: nowIso() };
      delete back.deletedAt;
      commit(
        $agents.get().map((a) => (a.id === id ? back : a)),
        [back],
      );
      if (agent.isDefault) setDefaultAgent(agent.id);
    },
    { undoLabel: $labels.get().undo, description: agent.title },
  );
}

/**
 * The sync's way in: rows pulled from the server (`GET /webapi/sync/agents`), applied when they
 * are newer than the local copy (last writer wins by `updatedAt`). Does not call the change
 * listeners (the rows came from the server).
 */
export function putAgentRows(rows: readonly (Partial<Agent> & { id: string })[]): void {
  const byId = new Map($agents.get().map((a) => [a.id, a]));
  for (const row of rows) {
    const incoming = normalizeAgent(row as Parameters<typeof normalizeAgent>[0]);
    const local = byId.get(row.id);
    if (local && local.updatedAt > incoming.updatedAt) continue;
    byId.set(row.id, incoming);
  }
  $agents.set([...byId.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1)));
  void saveAgents();
}
