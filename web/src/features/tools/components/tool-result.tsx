import { useStore } from '@nanostores/react';
import { ChevronRight, CircleAlert, CircleCheck, Wrench } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner.js';
import { $activeConversation, type UIMessage } from '../../chat/stores/conversations.js';
import { $toolLabels } from '../labels.js';
import { $toolsById } from '../stores/tools.js';

/** The arguments of the call a tool message answers (they never change once it exists). */
function callArguments(message: UIMessage): string | undefined {
  const messages = $activeConversation.get()?.messages ?? [];
  for (const m of messages)
    for (const call of m.toolCalls ?? [])
      if (call.id === message.toolCallId) return call.function.arguments;
  return undefined;
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * One tool call's result in the message list: the tool and function, its live status
 * (running, done, failed, stopped) in words and icon, and, collapsed, the arguments and result.
 */
export function ToolResult({ message }: { message: UIMessage }) {
  const label = useStore($toolLabels);
  const tools = useStore($toolsById);
  const status = message.toolStatus ?? 'done';
  const tool = message.identifier ? tools.get(message.identifier) : undefined;
  const args = callArguments(message);
  const statusText =
    status === 'running'
      ? label.toolRunning
      : status === 'error'
        ? label.toolFailed
        : label.toolDone;
  return (
    <details
      className="message tool group/tool rounded-xl border border-border bg-surface text-sm"
      data-status={status}
      data-tool={message.toolName}
    >
      <summary className="flex min-h-9 list-none items-center gap-2 rounded-xl px-3 py-1.5 text-muted-foreground select-none hover:text-foreground [&::-webkit-details-marker]:hidden">
        <ChevronRight
          aria-hidden="true"
          className="size-3.5 shrink-0 transition-transform group-open/tool:rotate-90"
        />
        <Wrench aria-hidden="true" className="size-3.5 shrink-0" />
        {tool ? (
          <span className="tool-title shrink-0 font-medium text-foreground">{tool.meta.title}</span>
        ) : null}
        <code className="tool-name min-w-0 truncate font-mono text-xs">{message.toolName}</code>
        <span className="tool-status ml-auto flex shrink-0 items-center gap-1.5 text-xs">
          {status === 'running' ? (
            <Spinner className="size-3.5" />
          ) : status === 'error' ? (
            <CircleAlert aria-hidden="true" className="size-4 text-danger" />
          ) : (
            <CircleCheck aria-hidden="true" className="size-4 text-success" />
          )}
          <span className={status === 'error' ? 'text-danger' : ''}>
            {message.stopped ? message.error?.message : statusText}
          </span>
        </span>
      </summary>
      <div className="flex flex-col gap-2 border-t border-border px-3 py-2">
        {args !== undefined ? (
          <div className="flex flex-col gap-1">
            <span className="text-xs font-medium text-muted-foreground">{label.toolArguments}</span>
            <pre className="tool-call-arguments m-0 max-h-40 overflow-auto rounded-lg bg-code px-3 py-2 font-mono text-xs leading-5 break-all whitespace-pre-wrap">
              {pretty(args)}
            </pre>
          </div>
        ) : null}
        <div className="flex flex-col gap-1">
          <span className="text-xs font-medium text-muted-foreground">{label.toolResult}</span>
          <pre
            className={`tool-result m-0 max-h-80 overflow-auto font-mono text-xs leading-5 break-all whitespace-pre-wrap${status === 'error' ? ' text-danger' : ''}`}
          >
            {message.error?.message ?? message.content}
          </pre>
        </div>
      </div>
    </details>
  );
}
