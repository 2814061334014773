import { useStore } from '@nanostores/react';
import { Loader2, Square, Volume2 } from 'lucide-react';
import { $locale } from '../../../app/locale.js';
import { IconButton } from '../../../components/ui/button.js';
import { errorText } from '../../../lib/api-error.js';
import { $speechLabels } from '../labels.js';
import { $speaking, $speechError, $speechModel, speak, stopSpeaking } from '../stores/speech.js';

/**
 * Read a reply aloud (and stop it): shown when some provider has a usable speech model. A failure
 * is shown next to it.
 */
export function SpeakButton({ messageId, text }: { messageId: string; text: string }) {
  const label = useStore($speechLabels);
  const locale = useStore($locale);
  const model = useStore($speechModel);
  const speaking = useStore($speaking);
  const failure = useStore($speechError);
  if (!model || !text.trim()) return null;
  const mine = speaking?.messageId === messageId ? speaking : undefined;
  const error = failure?.messageId === messageId ? failure.error : undefined;
  return (
    <>
      <IconButton
        label={mine ? label.stopReading : label.readAloud}
        size="sm"
        name="read-aloud"
        className="read-aloud size-7 text-muted-foreground hover:text-foreground"
        data-speech={mine?.status ?? 'idle'}
        aria-pressed={mine ? true : undefined}
        onClick={() => (mine ? stopSpeaking() : void speak(messageId, text))}
      >
        {mine?.status === 'loading' ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : mine ? (
          <Square aria-hidden="true" />
        ) : (
          <Volume2 aria-hidden="true" />
        )}
      </IconButton>
      {error ? (
        <span className="speech-error text-xs text-danger" role="alert">
          {label.speechFailed.replace(
            '{message}',
            typeof error.errorType === 'string' && error.errorType !== 'AudioError'
              ? errorText(error.errorType, locale, model.providerName)
              : (error.message ?? ''),
          )}
        </span>
      ) : null}
    </>
  );
}
