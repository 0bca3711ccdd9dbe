import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowLeft, ArrowRight, Download, FileInput, LayoutTemplate, Sparkles, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * What 'Start Your Project Now' does: a link (the landing page sends a visitor to /register) or an action (the
 * signed-in home page opens its import panel).
 */
export type DemoStart = { href: string } | { onStart: () => void };

type DemoStep = {
  id: 'import' | 'clean' | 'format' | 'export';
  title: string;
  icon: typeof FileInput;
  summary: string;
  example: () => ReactNode;
};

/**
 * The four steps, each shown on a real book: Pride and Prejudice as Project Gutenberg publishes it (eBook #1342). The
 * figures are what Quire's cleanup reported for that file; the page is what its typesetting produced
 * (`scripts/make-landing-images.ts`).
 */
const DEMO_STEPS: readonly DemoStep[] = [
  {
    id: 'import',
    title: 'Import',
    icon: FileInput,
    summary:
      'Paste the address of a text or upload a file. Quire reads the library header, so the title page fills itself in.',
    example: ImportExample,
  },
  {
    id: 'clean',
    title: 'Clean',
    icon: Sparkles,
    summary: 'Cleanup removes what a printed book should not carry and repairs the text, and counts each change.',
    example: CleanExample,
  },
  {
    id: 'format',
    title: 'Format',
    icon: LayoutTemplate,
    summary: 'Choose a template and a trim size. Quire sets the book in type, with chapter openings and running heads.',
    example: FormatExample,
  },
  {
    id: 'export',
    title: 'Export',
    icon: Download,
    summary: 'Download the files the print and e-book stores ask for, plus a Word file for your editor.',
    example: ExportExample,
  },
];

/** Props of {@link PublishingDemo}. */
export type PublishingDemoProps = {
  /** The level of the demo's title in the page's outline (h3 inside a section that has its own h2). */
  titleLevel?: 'h2' | 'h3';
  /** Closes the demo (its close control and Escape). */
  onClose: () => void;
  start: DemoStart;
  className?: string;
};

/**
 * The interactive demo: the four steps of the workflow (Import, Clean, Format, Export) as tabs, each showing what
 * happens to a real book, with Back/Next, a close control and 'Start Your Project Now'. The steps are keyboard
 * operable (arrow keys between the step tabs, as in any tab list). Focus moves to the demo's title when it opens.
 */
export function PublishingDemo({ titleLevel: Title = 'h2', onClose, start, className }: PublishingDemoProps) {
  const [stepIndex, setStepIndex] = useState(0);
  const lastStep = DEMO_STEPS.length - 1;
  // Back and Next stay focusable at either end (aria-disabled, not disabled): a keyboard user pressing Next to the
  // last step keeps focus on it instead of being dropped to the top of the page.
  const goTo = (index: number) => setStepIndex(Math.min(lastStep, Math.max(0, index)));
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  const step = DEMO_STEPS[stepIndex]!;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <section
      aria-labelledby="publishing-demo-title"
      onKeyDown={onKeyDown}
      className={cn('animate-fade-in rounded-2xl border border-line bg-surface shadow-lift', className)}
    >
      <header className="flex items-start justify-between gap-4 border-b border-line px-5 py-4 sm:px-7">
        <div>
          <Title id="publishing-demo-title" ref={titleRef} tabIndex={-1} className="font-display text-xl font-semibold outline-none sm:text-2xl">
            From a library text to a printed book
          </Title>
          <p className="mt-1 text-sm text-muted">Pride and Prejudice, Project Gutenberg eBook #1342, in four steps.</p>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close demo">
          <X aria-hidden="true" />
        </Button>
      </header>

      <Tabs value={step.id} onValueChange={(id) => setStepIndex(DEMO_STEPS.findIndex((s) => s.id === id))} className="px-5 py-5 sm:px-7">
        <TabsList aria-label="Demo steps" className="grid w-full grid-cols-4 sm:inline-flex sm:w-auto">
          {DEMO_STEPS.map((s, i) => (
            <TabsTrigger key={s.id} value={s.id} className="px-2 sm:px-3">
              <span aria-hidden="true" className="hidden tabular-nums text-muted sm:inline">
                {i + 1}
              </span>
              {s.title}
            </TabsTrigger>
          ))}
        </TabsList>
        {DEMO_STEPS.map((s, i) => (
          <TabsContent key={s.id} value={s.id} className="mt-5">
            <div className="flex items-start gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-ink">
                <s.icon aria-hidden="true" className="size-4.5" />
              </span>
              <div>
                <p className="font-semibold text-ink">
                  Step {i + 1} of {DEMO_STEPS.length}: {s.title}
                </p>
                <p className="mt-0.5 text-sm text-ink-soft">{s.summary}</p>
              </div>
            </div>
            <div className="mt-5">
              <s.example />
            </div>
          </TabsContent>
        ))}
      </Tabs>

      <footer className="flex flex-col-reverse gap-3 border-t border-line px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-7">
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => goTo(stepIndex - 1)} aria-disabled={stepIndex === 0}>
            <ArrowLeft aria-hidden="true" /> Back
          </Button>
          <Button variant="secondary" onClick={() => goTo(stepIndex + 1)} aria-disabled={stepIndex === lastStep}>
            Next <ArrowRight aria-hidden="true" />
          </Button>
        </div>
        <StartAction start={start} />
      </footer>
    </section>
  );
}

function StartAction({ start }: { start: DemoStart }) {
  if ('href' in start) {
    return (
      <Button asChild size="lg">
        <Link href={start.href}>
          Start Your Project Now <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    );
  }
  return (
    <Button size="lg" onClick={start.onStart}>
      Start Your Project Now <ArrowRight aria-hidden="true" />
    </Button>
  );
}

/* The examples of the four steps. */

function ExampleFrame({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <figure className={cn('min-w-0 rounded-xl border border-line bg-paper/60 p-4', className)}>
      <figcaption className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</figcaption>
      <div className="mt-3">{children}</div>
    </figure>
  );
}

/** The details Quire read from the header of pg1342.txt. */
const IMPORT_DETAILS = [
  ['Title', 'Pride and Prejudice'],
  ['Author', 'Jane Austen'],
  ['Language', 'English'],
  ['Source', 'Text from Project Gutenberg eBook #1342'],
  ['Rights', 'Public domain: the copyright page says so'],
] as const;

function ImportExample() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <ExampleFrame label="You paste">
        <p className="truncate rounded-md border border-line-strong bg-surface px-3 py-2 font-mono text-sm text-ink">
          https://www.gutenberg.org/cache/epub/1342/pg1342.txt
        </p>
        <p className="mt-2 text-xs text-muted">Or upload a file under 10MB: text, Markdown, HTML, Word, EPUB or PDF.</p>
      </ExampleFrame>
      <ExampleFrame label="Quire reads">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {IMPORT_DETAILS.map(([term, detail]) => (
            <div key={term} className="contents">
              <dt className="text-muted">{term}</dt>
              <dd className="text-ink">{detail}</dd>
            </div>
          ))}
        </dl>
      </ExampleFrame>
    </div>
  );
}

/** Counts from Quire's cleanup report for pg1342.txt (the 2018 UTF-8 edition). */
const CLEANUP_REPORT = [
  ['311', 'lines of Project Gutenberg boilerplate removed'],
  ['1,736', 'hard-wrapped paragraphs joined into one line'],
  ['741', 'straight quotes and apostrophes curled'],
  ['376', 'double hyphens turned into em dashes'],
  ['61', 'chapter headings marked'],
] as const;

function CleanExample() {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <ExampleFrame label="A paragraph before and after">
        <p className="text-xs text-muted">Before: each line ends where the e-text wrapped it.</p>
        <pre tabIndex={0} className="mt-1 overflow-x-auto font-mono text-[0.72rem] leading-relaxed whitespace-pre text-ink-soft">
          {`However little known the feelings or views of such a man may be on his
first entering a neighbourhood, this truth is so well fixed in the minds
of the surrounding families, that he is considered the rightful property
of some one or other of their daughters.`}
        </pre>
        <p className="mt-3 border-t border-line pt-3 text-xs text-muted">After: one paragraph, ready to be set.</p>
        <p className="mt-1 font-display text-sm leading-relaxed text-ink">
          However little known the feelings or views of such a man may be on his first entering a
          neighbourhood, this truth is so well fixed in the minds of the surrounding families, that he is considered the
          rightful property of some one or other of their daughters.
        </p>
      </ExampleFrame>
      <ExampleFrame label="The cleanup report">
        <ul className="space-y-1.5 text-sm">
          {CLEANUP_REPORT.map(([count, change]) => (
            <li key={change} className="flex gap-3">
              <span className="w-12 shrink-0 text-right font-semibold text-accent-ink tabular-nums">{count}</span>
              <span className="text-ink-soft">{change}</span>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-muted">121,527 words after cleanup. Every change can be undone.</p>
      </ExampleFrame>
    </div>
  );
}

const FORMAT_SETTINGS = [
  ['Template', 'Classic Literature'],
  ['Trim size', '5.5 × 8.5 in, cream paper'],
  ['Type', 'EB Garamond 12 pt'],
  ['Chapters', 'Open on a right-hand page, drop capital'],
  ['Running heads', 'Author and title in small capitals'],
] as const;

function FormatExample() {
  return (
    <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,1fr)_11rem]">
      <ExampleFrame label="Your choices">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {FORMAT_SETTINGS.map(([term, detail]) => (
            <div key={term} className="contents">
              <dt className="text-muted">{term}</dt>
              <dd className="text-ink">{detail}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-xs text-muted">
          Six templates, from Modern Fiction to Kindle Optimized, and APA, MLA, Chicago and Harvard for theses.
        </p>
      </ExampleFrame>
      <img
        src="/landing/chapter-one-opening.webp"
        width={800}
        height={1236}
        loading="lazy"
        decoding="async"
        alt="The first page of Chapter I as Quire set it."
        className="mx-auto h-auto w-40 rounded-sm border border-line-strong/70 shadow-card sm:w-full"
      />
    </div>
  );
}

const EXPORT_FILES = [
  ['Pride_and_Prejudice.pdf', 'Print-ready PDF for the paperback, fonts embedded'],
  ['Pride_and_Prejudice.epub', 'EPUB 3 for e-book stores, with a navigable contents'],
  ['Pride_and_Prejudice.docx', 'Word file with heading and body styles'],
  ['Pride_and_Prejudice.html', 'Print-ready and EPUB-ready HTML'],
] as const;

function ExportExample() {
  return (
    <ExampleFrame label="Your files">
      <ul className="divide-y divide-line">
        {EXPORT_FILES.map(([file, use]) => (
          <li key={file} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
            <span className="font-mono text-sm text-ink">{file}</span>
            <span className="text-sm text-muted">{use}</span>
          </li>
        ))}
      </ul>
    </ExampleFrame>
  );
}
