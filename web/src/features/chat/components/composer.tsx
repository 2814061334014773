import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $labels } from '../../../app/locale.js';
import { $generation, sendMessage, stopGeneration } from '../stores/generation.js';

/** The message box: Enter sends, Shift+Enter adds a line; Stop while a reply streams. */
export function Composer() {
  const [text, setText] = useState('');
  const generation = useStore($generation);
  const label = useStore($labels);
  const streaming = generation.status === 'streaming';
  const send = () => {
    if (!text.trim() || streaming) return;
    void sendMessage(text);
    setText('');
  };
  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <textarea
        name="message"
        rows={2}
        placeholder={label.placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
      />
      {streaming ? (
        <button type="button" className="stop" onClick={stopGeneration}>
          {label.stop}
        </button>
      ) : (
        <button type="submit" disabled={!text.trim()}>
          {label.send}
        </button>
      )}
    </form>
  );
}
