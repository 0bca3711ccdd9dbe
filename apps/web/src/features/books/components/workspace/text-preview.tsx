import { useState } from 'react';
import { Pencil } from 'lucide-react';
import type { Book } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { Textarea } from '../../../../components/ui/input.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../../lib/errors.ts';
import { useSaveBookText } from '../../api/save-book-text.ts';

/** Characters shown in the read-only preview; the edit mode holds the whole text. */
export const PREVIEW_CHARS = 40_000;

/** The cleaned text: a preview that switches to an edit mode (Save Changes / Cancel). */
export function TextPreview({ book }: { book: Book }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const saveText = useSaveBookText();
  const cleaned = book.cleanedText ?? '';
  const text = cleaned || book.originalText;
  const truncated = text.length > PREVIEW_CHARS;

  const startEditing = () => {
    setDraft(cleaned);
    setEditing(true);
  };

  const save = () => {
    saveText.mutate(
      { id: book.id, text: draft },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: 'Text saved successfully' });
          setEditing(false);
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Save failed', description: getErrorMessage(error, 'Failed to save text') }),
      },
    );
  };

  return (
    <section aria-labelledby="text-preview-title" className="rounded-xl border border-line bg-surface shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-5 py-4 sm:px-6">
        <div>
          <h3 id="text-preview-title" className="font-display text-lg font-semibold">
            {cleaned ? 'Cleaned text' : 'Original text'}
          </h3>
          <p className="text-xs text-muted">
            {editing
              ? 'Markdown: “# ” starts a chapter, “* * *” marks a scene break, _underscores_ set italics.'
              : cleaned
                ? 'Check the result; edit anything cleanup could not know.'
                : 'As imported. Clean the text to review and edit it.'}
          </p>
        </div>
        {cleaned && !editing && (
          <Button variant="secondary" size="sm" onClick={startEditing}>
            <Pencil aria-hidden="true" /> Edit text
          </Button>
        )}
      </div>
      {editing ? (
        <div className="flex flex-col gap-3 p-4 sm:p-5">
          <label htmlFor="cleaned-text-editor" className="sr-only">
            Cleaned text
          </label>
          <Textarea
            id="cleaned-text-editor"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            spellCheck
            className="h-[60vh] min-h-80 resize-y font-mono text-[0.8125rem] leading-relaxed"
            disabled={saveText.isPending}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={() => setEditing(false)} disabled={saveText.isPending}>
              Cancel
            </Button>
            <Button onClick={save} disabled={saveText.isPending || draft.trim().length === 0}>
              {saveText.isPending && <Spinner />}
              {saveText.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </div>
      ) : (
        <div className="max-h-[32rem] overflow-y-auto px-5 py-5 sm:px-8" tabIndex={0} aria-label="Text preview">
          <pre className="mx-auto max-w-[68ch] font-display text-[0.9375rem] leading-7 break-words whitespace-pre-wrap text-ink-soft">
            {truncated ? text.slice(0, PREVIEW_CHARS) : text}
          </pre>
          {truncated && (
            <p className="mx-auto mt-4 max-w-[68ch] border-t border-line pt-3 text-xs text-muted">
              The preview shows the first {PREVIEW_CHARS.toLocaleString('en-US')} of {text.length.toLocaleString('en-US')}{' '}
              characters.{cleaned ? ' Edit text opens all of it.' : ''}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
