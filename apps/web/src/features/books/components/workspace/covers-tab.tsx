import { useState } from 'react';
import { ArrowRight } from 'lucide-react';
import type { Book, Cover, CoverCreateBody, CoverOptions, CoverTemplate } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { RetryAlert } from '../../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';
import { UpgradeOfferSlot } from '../../../../components/upgrade-offer-slot.tsx';
import { getErrorMessage, getUpgradeOffer } from '../../../../lib/errors.ts';
import { useCreateCover } from '../../api/create-cover.ts';
import { useCoverOptions } from '../../api/get-cover-options.ts';
import { chosenCover, useCovers } from '../../api/list-covers.ts';
import { useUploadCoverArtwork } from '../../api/upload-cover-artwork.ts';
import { artworkOrigin, coverKindLabel, styleName, templateName } from '../../lib/cover-catalogue.ts';
import { CoverArtworkUpload } from './cover-artwork-upload.tsx';
import { StyleChoices, TemplateChoices } from './cover-choices.tsx';
import { CoverEditor } from './cover-editor.tsx';
import { CoverBadges, CoverGallery } from './cover-gallery.tsx';
import { CoverImage } from './cover-image.tsx';
import { CoverWrapPreview } from './cover-wrap-preview.tsx';

const CARD = 'rounded-xl border border-line bg-surface shadow-card';

/** Brings the gallery into view (with the page's own scroll behaviour, which respects reduced motion). */
function revealGallery() {
  document.getElementById('cover-gallery-title')?.scrollIntoView?.({ block: 'start' });
}

/** The selected cover: its words and colours, its e-book image and its paperback wrap. */
function CoverWorkbench({ cover, options, optionsLoading }: { cover: Cover; options: CoverOptions | undefined; optionsLoading: boolean }) {
  const origin = artworkOrigin(cover.artwork);
  return (
    <section aria-labelledby="cover-editor-title" className={`${CARD} flex flex-col gap-8 p-5 sm:p-6`}>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id="cover-editor-title" className="scroll-mt-24 font-display text-xl font-semibold">
            Edit cover: {coverKindLabel(cover)}
          </h3>
          <CoverBadges cover={cover} />
        </div>
        <p className="max-w-3xl text-sm text-ink-soft">{origin.explanation}</p>
      </div>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_17rem] xl:grid-cols-[minmax(0,1fr)_19rem]">
        <CoverEditor key={cover.id} cover={cover} options={options} />
        <div className="order-first flex flex-col gap-3 lg:order-none">
          <div>
            <h4 className="font-display text-lg font-semibold">E-book cover</h4>
            <p className="text-sm text-ink-soft">JPEG, 1600 x 2560 px, as Kindle and the other stores ask for.</p>
          </div>
          <div className="mx-auto w-full max-w-[15rem] sm:max-w-[17rem] lg:max-w-none">
            <CoverImage key={cover.id} cover={cover} />
          </div>
        </div>
      </div>

      <div className="border-t border-line pt-6">
        {optionsLoading ? <Skeleton className="aspect-[2/1] w-full" /> : <CoverWrapPreview cover={cover} geometry={options?.geometry ?? null} />}
      </div>
    </section>
  );
}

/**
 * Covers tab (workspace spec sections 2, 4, 7, 8): a skip option, four text templates, four AI styles, your own
 * artwork, the gallery of the book's covers, and the editor and previews of the selected one. A new cover becomes
 * the book's cover (the one the EPUB carries) and is selected for editing.
 */
export function CoversTab({ book, onSkip }: { book: Book; onSkip: () => void }) {
  const covers = useCovers(book.id);
  const options = useCoverOptions(book.id);
  const create = useCreateCover();
  const upload = useUploadCoverArtwork();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  /** A cover refused for the user's plan (a style outside it): its upgrade offer shows above the choices it came from. */
  const [refusal, setRefusal] = useState<{ error: unknown; coverType: CoverCreateBody['coverType'] } | null>(null);

  const list = covers.data;
  const hasCovers = (list?.length ?? 0) > 0;
  const editing = list?.find((c) => c.id === editingId) ?? chosenCover(list) ?? list?.[0] ?? null;
  const busy = create.isPending || upload.isPending;
  const pendingBody = create.isPending ? create.variables?.body : undefined;
  const making = pendingBody
    ? pendingBody.coverType === 'text-only'
      ? `${templateName(pendingBody.template)} template`
      : `${styleName(pendingBody.style)} style`
    : upload.isPending
      ? 'Your artwork'
      : null;

  const made = (cover: Cover) => {
    setEditingId(cover.id);
    revealGallery();
  };

  const generate = (body: CoverCreateBody) => {
    setRefusal(null);
    create.mutate(
      { bookId: book.id, body },
      {
        onSuccess: (cover) => {
          toast({ variant: 'success', title: 'Cover generated successfully' });
          made(cover);
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: 'Cover generation failed', description: getErrorMessage(error, 'Failed to generate cover') });
          if (getUpgradeOffer(error)) setRefusal({ error, coverType: body.coverType });
        },
      },
    );
  };

  const uploadArtwork = async (file: File, template: CoverTemplate): Promise<boolean> => {
    setUploadError(null);
    try {
      const cover = await upload.mutateAsync({ bookId: book.id, file, template });
      toast({ variant: 'success', title: 'Cover generated successfully', description: 'Your artwork is on the front.' });
      made(cover);
      return true;
    } catch (error) {
      const message = getErrorMessage(error, 'Failed to upload the artwork');
      setUploadError(message);
      toast({ variant: 'destructive', title: 'Upload failed', description: message });
      return false;
    }
  };

  const refusalOffer = refusal && (
    <div className="mb-5 empty:hidden">
      <UpgradeOfferSlot error={refusal.error} fallback="Failed to generate cover" bookId={book.id} onDismiss={() => setRefusal(null)} />
    </div>
  );

  const skip = () => {
    toast({ title: 'Covers skipped' });
    onSkip();
  };

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="covers-title" className={CARD}>
        <div className="flex flex-col gap-4 border-b border-line p-5 sm:flex-row sm:items-start sm:justify-between sm:p-6">
          <div className="max-w-2xl">
            <h2 id="covers-title" className="font-display text-xl font-semibold">
              Generate Covers
            </h2>
            <p className="mt-1.5 text-sm text-ink-soft">
              Make your book’s cover from a text template, an illustrated style or your own artwork, then adjust its
              words and colours. You get the e-book cover (JPEG) and the paperback’s full wrap (PDF, its spine sized
              from your page count), ready for Amazon KDP.
            </p>
          </div>
          <div className="flex flex-col items-stretch gap-1.5 sm:items-end">
            {hasCovers ? (
              <Button variant="secondary" onClick={onSkip} disabled={busy}>
                Continue to Export <ArrowRight aria-hidden="true" />
              </Button>
            ) : (
              <Button variant="secondary" onClick={skip} disabled={busy}>
                Skip covers <ArrowRight aria-hidden="true" />
              </Button>
            )}
            {!hasCovers && <p className="text-xs text-muted sm:text-right">Covers are optional: KDP takes one made elsewhere too.</p>}
          </div>
        </div>
        {options.isError && (
          <RetryAlert
            className="mx-5 mt-5 sm:mx-6 sm:flex-row sm:items-center sm:justify-between"
            title="The cover options could not be loaded."
            message={getErrorMessage(options.error, 'Please try again.')}
            onRetry={() => void options.refetch()}
          />
        )}
        <div className="flex flex-col divide-y divide-line">
          <div className="p-5 sm:p-6">
            {refusal?.coverType === 'text-only' && refusalOffer}
            <TemplateChoices
              pending={pendingBody?.coverType === 'text-only' ? pendingBody.template : null}
              disabled={busy}
              onGenerate={(template) => generate({ coverType: 'text-only', template })}
            />
          </div>
          <div className="p-5 sm:p-6">
            {refusal?.coverType === 'ai' && refusalOffer}
            <StyleChoices
              options={options.data}
              optionsLoading={options.isPending}
              pending={pendingBody?.coverType === 'ai' ? pendingBody.style : null}
              disabled={busy}
              onGenerate={(style) => generate({ coverType: 'ai', style })}
            />
          </div>
          <div className="p-5 sm:p-6">
            <CoverArtworkUpload
              options={options.data}
              optionsLoading={options.isPending}
              uploading={upload.isPending}
              disabled={busy}
              error={uploadError}
              onUpload={uploadArtwork}
              onChange={() => setUploadError(null)}
            />
          </div>
        </div>
      </section>

      <div className={`${CARD} p-5 sm:p-6`}>
        <CoverGallery
          bookId={book.id}
          covers={list}
          loading={covers.isPending}
          error={covers.isError ? covers.error : null}
          onRetry={() => void covers.refetch()}
          editingId={editing?.id ?? null}
          onEdit={(id) => {
            setEditingId(id);
            document.getElementById('cover-editor-title')?.scrollIntoView?.({ block: 'start' });
          }}
          disabled={busy}
          making={making}
        />
      </div>

      {editing && <CoverWorkbench cover={editing} options={options.data} optionsLoading={options.isPending} />}
    </div>
  );
}
