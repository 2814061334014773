import { Bell, Copy, Plus, Search, Settings, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Badge } from '../components/ui/badge.js';
import { Button, IconButton } from '../components/ui/button.js';
import { CodeBlock } from '../components/ui/code-block.js';
import { CopyButton } from '../components/ui/copy-button.js';
import {
  ConfirmDialog,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogTrigger,
} from '../components/ui/dialog.js';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu.js';
import { Field, Input, Select, Textarea } from '../components/ui/input.js';
import { Kbd } from '../components/ui/kbd.js';
import { Lightbox } from '../components/ui/lightbox.js';
import { Markdown } from '../components/ui/markdown.js';
import { Popover, PopoverContent, PopoverTrigger } from '../components/ui/popover.js';
import { Skeleton, Spinner } from '../components/ui/spinner.js';
import { Switch } from '../components/ui/switch.js';
import { Tooltip } from '../components/ui/tooltip.js';
import { showToast, showUndoToast } from '../lib/toasts.js';

const SAMPLE_MARKDOWN = [
  'A **reply** with `code`, a [link](https://example.com) and math: $a^2 + b^2 = c^2$.',
  '',
  '| Term | Meaning |',
  '| --- | --- |',
  '| $c$ | the hypotenuse |',
].join('\n');

// A square drawn in SVG, so the lightbox has a picture without a network request.
const SAMPLE_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"><rect width="480" height="320" fill="#6366f1"/></svg>',
)}`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3" aria-label={title}>
      <h2 className="m-0 text-sm font-semibold text-muted-foreground">{title}</h2>
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-surface p-4">
        {children}
      </div>
    </section>
  );
}

/**
 * Every primitive of `components/ui/` on one page (`/design`, loaded on demand, not linked): for
 * the people building on them, and for the browser test of their behaviour. Developer-facing,
 * so in English only.
 */
export function DesignGallery() {
  const [confirming, setConfirming] = useState(false);
  const [items, setItems] = useState(['Draft A', 'Draft B']);
  const [checked, setChecked] = useState(true);
  const [menuChoice, setMenuChoice] = useState('none');
  const [lightbox, setLightbox] = useState<number | undefined>(undefined);
  const remove = () => {
    const before = items;
    setItems(items.slice(1));
    showUndoToast(`Deleted “${before[0]}”`, () => setItems(before), { undoLabel: 'Undo' });
  };
  return (
    <div className="design-gallery mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8 sm:px-6">
      <h1 className="m-0 text-xl font-semibold tracking-tight">Design system</h1>
      <Section title="Button">
        <Button variant="primary">Primary</Button>
        <Button>Secondary</Button>
        <Button variant="outline">Outline</Button>
        <Button variant="ghost">Ghost</Button>
        <Button variant="danger">Danger</Button>
        <Button variant="link">Link</Button>
        <Button variant="primary" size="sm">
          <Plus aria-hidden="true" />
          Small
        </Button>
        <Button variant="outline" size="lg">
          Large
        </Button>
        <Button disabled>Disabled</Button>
      </Section>
      <Section title="IconButton and Tooltip">
        <IconButton label="Search">
          <Search aria-hidden="true" />
        </IconButton>
        <IconButton label="Copy" variant="outline">
          <Copy aria-hidden="true" />
        </IconButton>
        <IconButton label="Settings" variant="secondary" size="lg">
          <Settings aria-hidden="true" />
        </IconButton>
        <Tooltip content="Tooltips describe; they never name">
          <Badge tone="outline" tabIndex={0}>
            Hover or focus me
          </Badge>
        </Tooltip>
      </Section>
      <Section title="Fields">
        <Field label="Input" hint="A hint under the field" className="w-full sm:w-64">
          <Input name="gallery-input" placeholder="Type here" />
        </Field>
        <Field label="Select" className="w-full sm:w-48">
          <Select name="gallery-select" defaultValue="b">
            <option value="a">Option A</option>
            <option value="b">Option B</option>
          </Select>
        </Field>
        <Field label="Textarea" error="An error replaces the hint" className="w-full">
          <Textarea name="gallery-textarea" rows={2} autoGrow placeholder="Grows with its text" />
        </Field>
        <label className="flex items-center gap-3 text-sm">
          <Switch
            name="gallery-switch"
            checked={checked}
            onChange={(e) => setChecked(e.target.checked)}
          />
          Switch ({checked ? 'on' : 'off'})
        </label>
      </Section>
      <Section title="Badge, Kbd, Spinner, Skeleton">
        <Badge>neutral</Badge>
        <Badge tone="accent">accent</Badge>
        <Badge tone="success">success</Badge>
        <Badge tone="warning">warning</Badge>
        <Badge tone="danger">danger</Badge>
        <Badge tone="outline">outline</Badge>
        <span className="text-sm">
          <Kbd>Ctrl</Kbd> <Kbd>K</Kbd>
        </span>
        <Spinner label="Loading" />
        <Skeleton className="h-4 w-32" />
      </Section>
      <Section title="Dialog, ConfirmDialog, Toast">
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="outline">Open dialog</Button>
          </DialogTrigger>
          <DialogContent title="Rename" description="Focus stays inside until it closes.">
            <Input name="gallery-dialog-input" aria-label="New name" defaultValue="Draft A" />
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <DialogClose asChild>
                <Button variant="primary">Save</Button>
              </DialogClose>
            </DialogFooter>
          </DialogContent>
        </Dialog>
        <Button variant="danger" disabled={!items.length} onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" />
          Delete first
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Delete “${items[0] ?? ''}”?`}
          description="You can undo this for a few seconds."
          confirmLabel="Delete"
          onConfirm={remove}
        />
        <Button onClick={() => showToast({ title: 'Saved', tone: 'success' })}>
          <Bell aria-hidden="true" />
          Show toast
        </Button>
        <output className="gallery-items text-sm text-muted-foreground">{items.join(', ')}</output>
      </Section>
      <Section title="Popover and DropdownMenu">
        <Popover>
          <PopoverTrigger asChild>
            <Button variant="outline">Open popover</Button>
          </PopoverTrigger>
          <PopoverContent aria-label="Popover example">
            <Field label="Filter">
              <Input name="gallery-popover-input" placeholder="Search models" />
            </Field>
          </PopoverContent>
        </Popover>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline">Open menu</Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuLabel>Actions</DropdownMenuLabel>
            <DropdownMenuItem onSelect={() => setMenuChoice('copy')}>
              <Copy aria-hidden="true" />
              Copy
            </DropdownMenuItem>
            <DropdownMenuCheckboxItem checked={checked} onCheckedChange={setChecked}>
              Switch
            </DropdownMenuCheckboxItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem tone="danger" onSelect={() => setMenuChoice('delete')}>
              <Trash2 aria-hidden="true" />
              Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
        <output className="gallery-menu-choice text-sm text-muted-foreground">{menuChoice}</output>
      </Section>
      <Section title="Markdown, CodeBlock, CopyButton, Lightbox">
        <Markdown text={SAMPLE_MARKDOWN} className="w-full" />
        <div className="w-full">
          <CodeBlock code={'print("hello")'} language="python" />
        </div>
        <CopyButton text="Copied from the gallery" />
        <Button variant="outline" onClick={() => setLightbox(0)}>
          Open lightbox
        </Button>
        <Lightbox
          images={[{ src: SAMPLE_IMAGE, alt: 'An indigo rectangle' }]}
          index={lightbox}
          onIndexChange={setLightbox}
        />
      </Section>
    </div>
  );
}
