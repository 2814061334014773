import { useStore } from '@nanostores/react';
import { Download, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Switch } from '../../../components/ui/switch.js';
import { AccountError } from '../../account/api.js';
import { $accountLabels, fill } from '../../account/labels.js';
import { $user } from '../../account/stores/account.js';
import { downloadDocument, exportAll, importAll, parseDocument } from '../transfer.js';

/** Settings: export everything as one JSON file, or import one (the account's, or this browser's). */
export function DataTransfer() {
  const label = useStore($accountLabels);
  const user = useStore($user);
  const [keys, setKeys] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | undefined>();
  const file = useRef<HTMLInputElement>(null);
  const reason = (e: unknown) =>
    e instanceof Error && e.message === 'NotAnExport'
      ? label.notAnExport
      : e instanceof AccountError || e instanceof Error
        ? e.message
        : String(e);

  const onExport = async () => {
    setBusy(true);
    setMessage(undefined);
    try {
      downloadDocument(await exportAll({ keyVaults: keys }));
    } catch (e) {
      setMessage({ tone: 'error', text: fill(label.exportFailed, { message: reason(e) }) });
    } finally {
      setBusy(false);
    }
  };
  const onImport = async (chosen: File | undefined) => {
    if (!chosen) return;
    setBusy(true);
    setMessage(undefined);
    try {
      const count = await importAll(parseDocument(await chosen.text()));
      setMessage({ tone: 'ok', text: fill(label.imported, { ...count }) });
    } catch (e) {
      setMessage({ tone: 'error', text: fill(label.importFailed, { message: reason(e) }) });
    } finally {
      setBusy(false);
      if (file.current) file.current.value = '';
    }
  };

  return (
    <div className="data-transfer flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-xs">
      <h2 className="m-0 text-base font-semibold">{label.data}</h2>
      <p className="m-0 text-sm text-muted-foreground">
        {user ? label.dataIntroSignedIn : label.dataIntroSignedOut}
      </p>
      <label className="flex items-center gap-2 text-sm">
        <Switch name="export-keys" checked={keys} onChange={(e) => setKeys(e.target.checked)} />
        {label.includeKeys}
      </label>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" name="export" disabled={busy} onClick={() => void onExport()}>
          <Download aria-hidden="true" />
          {label.exportData}
        </Button>
        <Button
          variant="outline"
          name="import"
          disabled={busy}
          onClick={() => file.current?.click()}
        >
          <Upload aria-hidden="true" />
          {label.importData}
        </Button>
        <input
          ref={file}
          type="file"
          name="import-file"
          accept="application/json,.json"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => void onImport(e.target.files?.[0])}
        />
      </div>
      {message ? (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`transfer-result m-0 text-sm ${message.tone === 'error' ? 'text-danger' : 'text-muted-foreground'}`}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
