import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { Logo } from './logo.tsx';

type AuthLayoutProps = { title: string; description: string; children: ReactNode };

/** Layout of the sign-in and sign-up screens: the form beside a typeset page. */
export function AuthLayout({ title, description, children }: AuthLayoutProps) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[1fr_minmax(0,520px)] xl:grid-cols-[1fr_600px]">
      <div className="flex flex-col px-5 py-6 sm:px-10">
        <div className="flex items-center justify-between">
          <Link href="/" aria-label="Quire home" className="rounded-md">
            <Logo />
          </Link>
          <Link
            href="/"
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-ink-soft hover:bg-paper-deep hover:text-ink"
          >
            <ArrowLeft aria-hidden="true" className="size-4" /> Back to Home
          </Link>
        </div>
        <main className="flex flex-1 items-center justify-center py-10">
          <div className="w-full max-w-[420px]">
            <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
            <p className="mt-2 text-ink-soft">{description}</p>
            <div className="mt-8 rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8">{children}</div>
          </div>
        </main>
      </div>
      <aside aria-hidden="true" className="relative hidden overflow-hidden bg-ink lg:flex lg:flex-col lg:justify-center lg:px-14">
        <div className="absolute inset-0 opacity-[0.07] [background-image:repeating-linear-gradient(0deg,transparent,transparent_27px,var(--color-paper)_28px)]" />
        <figure className="relative max-w-md">
          <p className="font-display text-[0.7rem] tracking-[0.3em] text-paper/50 uppercase">Chapter I</p>
          <blockquote className="mt-6 font-display text-[1.75rem] leading-snug text-paper">
            <span className="float-left mt-1 mr-2 font-display text-[4.2rem] leading-[0.8] font-semibold text-[#9cc3b3]">
              I
            </span>
            t is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a
            wife.
          </blockquote>
          <figcaption className="mt-6 text-sm text-paper/60">Jane Austen, Pride and Prejudice, set by Quire</figcaption>
        </figure>
      </aside>
    </div>
  );
}
