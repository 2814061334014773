import { useStore } from '@nanostores/react';
import { Compass } from 'lucide-react';
import { useEffect } from 'react';
import { cn } from '../../../components/ui/cn.js';
import { $agentText } from '../labels.js';
import { $liveAgents } from '../stores/agents.js';
import {
  $draftAgent,
  askSupportAssistant,
  initAgents,
  startFromAgent,
} from '../stores/new-chat.js';

const chip =
  'inline-flex h-8 max-w-56 items-center gap-1.5 rounded-full border px-3 text-sm transition-colors';

/**
 * A new chat's agent chooser (on the welcome screen): no agent, each saved agent (the default one
 * is preselected), and "Ask about Manifold" — the built-in support assistant.
 */
export function AgentChooser() {
  const text = useStore($agentText);
  const agents = useStore($liveAgents);
  const current = useStore($draftAgent);
  useEffect(() => initAgents(), []);
  const option = (selected: boolean) =>
    cn(
      chip,
      selected
        ? 'border-primary bg-selected font-medium text-foreground'
        : 'border-border bg-surface text-muted-foreground hover:bg-hover hover:text-foreground',
    );
  return (
    <div
      className="agent-chooser mx-auto flex w-full max-w-2xl flex-wrap items-center justify-center gap-2 px-4 pt-6"
      role="group"
      aria-label={text.chooseAgent}
    >
      {agents.length ? (
        <>
          <button
            type="button"
            name="chooseAgent"
            data-agent=""
            aria-pressed={!current}
            className={option(!current)}
            onClick={() => startFromAgent(undefined)}
          >
            {text.noAgent}
          </button>
          {agents.map((agent) => (
            <button
              key={agent.id}
              type="button"
              name="chooseAgent"
              data-agent={agent.id}
              aria-pressed={current?.id === agent.id}
              className={option(current?.id === agent.id)}
              onClick={() => startFromAgent(agent)}
            >
              <span aria-hidden="true">{agent.avatar || '🤖'}</span>
              <span className="truncate">{agent.title || text.untitled}</span>
            </button>
          ))}
        </>
      ) : null}
      <button
        type="button"
        name="askAboutManifold"
        aria-pressed={current?.builtin === true}
        className={option(current?.builtin === true)}
        onClick={() => void askSupportAssistant()}
      >
        <Compass aria-hidden="true" className="size-4" />
        {text.askAboutManifold}
      </button>
    </div>
  );
}
