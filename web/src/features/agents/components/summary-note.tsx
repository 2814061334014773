import { useStore } from '@nanostores/react';
import { ScrollText, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { $activeConversation, $activeThread } from '../../chat/stores/conversations.js';
import { $agentText } from '../labels.js';
import { $summarising, clearSummary } from '../stores/summarise.js';

/**
 * The conversation's chat-history summary, as a collapsible note above the messages: what the
 * older messages are sent as, and a button that clears it; a line while one is being written.
 */
export function SummaryNote() {
  const conversation = useStore($activeConversation);
  const thread = useStore($activeThread);
  const summarising = useStore($summarising);
  const text = useStore($agentText);
  if (!conversation) return null;
  const busy = summarising[conversation.id];
  if (!conversation.summary) {
    return busy ? (
      <div
        className="summary-progress flex shrink-0 items-center justify-center gap-2 border-b border-border px-4 py-1.5 text-xs text-muted-foreground"
        role="status"
      >
        <Spinner label={text.summarising} />
        {text.summarising}
      </div>
    ) : null;
  }
  const covered = thread.findIndex((m) => m.id === conversation.summaryThrough) + 1;
  return (
    <div className="shrink-0 border-b border-border bg-sidebar px-3 sm:px-4">
      <details className="history-summary mx-auto w-full max-w-3xl py-1.5 text-sm">
        <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-1 py-1 text-muted-foreground hover:text-foreground [&::-webkit-details-marker]:hidden">
          <ScrollText aria-hidden="true" className="size-4 shrink-0" />
          <span className="font-medium">{text.historySummary}</span>
          {busy ? <Spinner label={text.summarising} /> : null}
        </summary>
        <div className="flex flex-col gap-2 px-1 pt-1 pb-2">
          {covered > 0 ? (
            <p className="m-0 text-xs text-muted-foreground">
              {text.summaryCovers.replace('{count}', String(covered))}
            </p>
          ) : null}
          <p className="summary-text m-0 max-h-60 overflow-y-auto whitespace-pre-wrap leading-6">
            {conversation.summary}
          </p>
          <Button
            size="sm"
            variant="ghost"
            name="clearSummary"
            className="self-start"
            onClick={() => clearSummary(conversation.id)}
          >
            <X aria-hidden="true" />
            {text.clearSummary}
          </Button>
        </div>
      </details>
    </div>
  );
}
