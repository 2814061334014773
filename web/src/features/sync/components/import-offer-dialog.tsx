import { useStore } from '@nanostores/react';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog.js';
import { $accountLabels, fill } from '../../account/labels.js';
import { $importOffer, resolveImportOffer } from '../stores/sync.js';

/** On a first sign-in in a browser holding conversations: upload them to the account, or not. */
export function ImportOfferDialog() {
  const count = useStore($importOffer);
  const label = useStore($accountLabels);
  return (
    <Dialog open={count !== undefined}>
      <DialogContent
        title={label.importTitle}
        description={fill(label.importText, { count: count ?? 0 })}
        closeButton={false}
        className="import-offer max-w-md"
        onEscapeKeyDown={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <DialogFooter>
          <Button
            variant="outline"
            name="skip-import"
            onClick={() => void resolveImportOffer(false)}
          >
            {label.importSkip}
          </Button>
          <Button name="upload-local" onClick={() => void resolveImportOffer(true)}>
            {label.importUpload}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
