/*
 * A conversation's messages form a tree: each message names the one it follows (`parentId`), and
 * messages with the same parent and role are versions of one another (a regenerated reply, an edited
 * question). The thread on screen starts at the root and, at each fork, follows the chosen child
 * (`branches[parentId]`) or else the newest one. Everything here is pure: it takes and returns
 * plain data, so the stores and the tests share it.
 */

/** What the tree needs of a message. */
export interface TreeMessage {
  id: string;
  /** The message this one follows; absent for a first message. */
  parentId?: string;
  role: string;
}

/** What the tree needs of a conversation. */
export interface TreeConversation<M extends TreeMessage> {
  /** Every message of every version, in the order they were made. */
  messages: M[];
  /** The chosen child at each fork: parent id (`ROOT` for first messages) → child id. */
  branches?: Record<string, string>;
}

/** The parent key of first messages in `branches`. */
export const ROOT = '';

const parentKey = (message: TreeMessage): string => message.parentId ?? ROOT;

/** The children of each message (by parent key), in the order they were made. */
export function childrenByParent<M extends TreeMessage>(messages: readonly M[]): Map<string, M[]> {
  const children = new Map<string, M[]>();
  for (const message of messages) {
    const key = parentKey(message);
    const list = children.get(key);
    if (list) list.push(message);
    else children.set(key, [message]);
  }
  return children;
}

/** The thread on screen: from the root, the chosen (else the newest) child at every fork. */
export function threadOf<M extends TreeMessage>(conversation: TreeConversation<M>): M[] {
  const children = childrenByParent(conversation.messages);
  const branches = conversation.branches ?? {};
  const thread: M[] = [];
  const seen = new Set<string>();
  let key = ROOT;
  for (;;) {
    const kids = children.get(key);
    if (!kids?.length) break;
    const chosen = kids.find((m) => m.id === branches[key]) ?? kids[kids.length - 1]!;
    if (seen.has(chosen.id)) break; // a cycle in stored data must not hang the page
    seen.add(chosen.id);
    thread.push(chosen);
    key = chosen.id;
  }
  return thread;
}

/** A message's place among its versions: `index` 0-based of `ids` (same parent, same role). */
export interface Versions {
  ids: string[];
  index: number;
}

/** The versions of a message (itself included); one version means none to page through. */
export function versionsOf<M extends TreeMessage>(
  messages: readonly M[],
  messageId: string,
): Versions {
  const message = messages.find((m) => m.id === messageId);
  if (!message) return { ids: [], index: -1 };
  const key = parentKey(message);
  const ids = messages
    .filter((m) => parentKey(m) === key && m.role === message.role)
    .map((m) => m.id);
  return { ids, index: ids.indexOf(messageId) };
}

/** Show `messageId` at its fork (its later messages come with it). */
export function chooseVersion<M extends TreeMessage, C extends TreeConversation<M>>(
  conversation: C,
  messageId: string,
): C {
  const message = conversation.messages.find((m) => m.id === messageId);
  if (!message) return conversation;
  return {
    ...conversation,
    branches: { ...conversation.branches, [parentKey(message)]: message.id },
  };
}

/** Choose, at every fork above `messageId` and at its own, the versions that lead to it. */
export function showPathTo<M extends TreeMessage, C extends TreeConversation<M>>(
  conversation: C,
  messageId: string,
): C {
  const byId = new Map(conversation.messages.map((m) => [m.id, m]));
  const branches = { ...conversation.branches };
  const seen = new Set<string>();
  for (let m = byId.get(messageId); m && !seen.has(m.id);) {
    seen.add(m.id);
    branches[parentKey(m)] = m.id;
    m = m.parentId === undefined ? undefined : byId.get(m.parentId);
  }
  return seen.size ? { ...conversation, branches } : conversation;
}

/**
 * Add messages as a chain under `parentId` (undefined: as first messages), each following the one
 * before; the first becomes the chosen child at its fork so the thread shows it.
 */
export function addChain<M extends TreeMessage, C extends TreeConversation<M>>(
  conversation: C,
  parentId: string | undefined,
  messages: readonly M[],
): C {
  if (messages.length === 0) return conversation;
  const chained = messages.map((m, i) => {
    const parent = i === 0 ? parentId : messages[i - 1]!.id;
    const { parentId: _old, ...rest } = m;
    return (parent === undefined ? rest : { ...rest, parentId: parent }) as M;
  });
  return {
    ...conversation,
    messages: [...conversation.messages, ...chained],
    branches: { ...conversation.branches, [parentId ?? ROOT]: chained[0]!.id },
  };
}

/** Add messages at the end of the thread on screen. */
export function appendToThread<M extends TreeMessage, C extends TreeConversation<M>>(
  conversation: C,
  messages: readonly M[],
): C {
  return addChain(conversation, threadOf(conversation).at(-1)?.id, messages);
}

/** Every message below `messageId` (not itself). */
export function descendantsOf<M extends TreeMessage>(
  messages: readonly M[],
  messageId: string,
): Set<string> {
  const children = childrenByParent(messages);
  const found = new Set<string>();
  const stack = [messageId];
  while (stack.length) {
    for (const child of children.get(stack.pop()!) ?? []) {
      if (found.has(child.id)) continue;
      found.add(child.id);
      stack.push(child.id);
    }
  }
  return found;
}

/**
 * Delete one message. A message with other versions goes with the messages after it (they
 * belong to that version) and the thread shows the version before it. A message without versions
 * goes alone: what followed it now follows its parent; an assistant message's tool results
 * (`role: "tool"` right under it) go with it, as they mean nothing without their calls.
 */
export function deleteFromTree<M extends TreeMessage, C extends TreeConversation<M>>(
  conversation: C,
  messageId: string,
): C {
  const message = conversation.messages.find((m) => m.id === messageId);
  if (!message) return conversation;
  const key = parentKey(message);
  const versions = versionsOf(conversation.messages, messageId);
  const branches = { ...conversation.branches };
  if (versions.ids.length > 1) {
    const gone = descendantsOf(conversation.messages, messageId);
    gone.add(messageId);
    for (const id of gone) delete branches[id];
    const remaining = versions.ids.filter((id) => id !== messageId);
    branches[key] = remaining[Math.max(0, versions.index - 1)]!;
    return {
      ...conversation,
      messages: conversation.messages.filter((m) => !gone.has(m.id)),
      branches,
    };
  }
  // Alone: drop it and its tool results; their children move up to its parent.
  const gone = new Set([messageId]);
  let cursor = messageId;
  for (;;) {
    const next = conversation.messages.find((m) => m.parentId === cursor && m.role === 'tool');
    if (!next || message.role !== 'assistant') break;
    gone.add(next.id);
    cursor = next.id;
  }
  const newParent = message.parentId;
  const moved = new Map<string, string>();
  const messages = conversation.messages
    .filter((m) => !gone.has(m.id))
    .map((m) => {
      if (m.parentId === undefined || !gone.has(m.parentId)) return m;
      moved.set(m.id, m.id);
      const { parentId: _old, ...rest } = m;
      return (newParent === undefined ? rest : { ...rest, parentId: newParent }) as M;
    });
  const chosenBelow = [...gone].map((id) => branches[id]).find((id) => id && moved.has(id));
  for (const id of gone) delete branches[id];
  if (chosenBelow) branches[key] = chosenBelow;
  else if (branches[key] === messageId) delete branches[key];
  return { ...conversation, messages, branches };
}

/**
 * Messages stored before versions existed carry no `parentId`: they were one thread, in order.
 * Chains them; a conversation that already has `branches` is returned as it is.
 */
export function upgradeLinear<M extends TreeMessage, C extends TreeConversation<M>>(
  conversation: C,
): C {
  if (conversation.branches) return conversation;
  const messages = conversation.messages.map((m, i) =>
    i === 0 || m.parentId !== undefined ? m : { ...m, parentId: conversation.messages[i - 1]!.id },
  );
  return { ...conversation, messages, branches: {} };
}

/** A thread message's versions as its pager needs them. */
export interface VersionInfo {
  /** 0-based. */
  index: number;
  count: number;
  previousId?: string;
  nextId?: string;
}

/** For each message of `thread` with other versions, where it stands among them. */
export function versionsInThread<M extends TreeMessage>(
  messages: readonly M[],
  thread: readonly M[],
): Map<string, VersionInfo> {
  const children = childrenByParent(messages);
  const found = new Map<string, VersionInfo>();
  for (const message of thread) {
    const ids = (children.get(parentKey(message)) ?? [])
      .filter((m) => m.role === message.role)
      .map((m) => m.id);
    if (ids.length < 2) continue;
    const index = ids.indexOf(message.id);
    found.set(message.id, {
      index,
      count: ids.length,
      ...(index > 0 ? { previousId: ids[index - 1] } : {}),
      ...(index < ids.length - 1 ? { nextId: ids[index + 1] } : {}),
    });
  }
  return found;
}
