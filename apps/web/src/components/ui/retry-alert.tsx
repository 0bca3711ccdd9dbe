import { RefreshCw } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';

/**
 * A failed load with a way to try again: a bold `title` ('Your covers could not be loaded.'), the server's or a
 * fallback `message`, and a 'Try again' button. Announced as an alert.
 */
export function RetryAlert({ title, message, onRetry, className }: { title: string; message: string; onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={cn('flex flex-col items-start gap-3 rounded-lg border border-destructive/40 bg-destructive-soft px-4 py-3 text-sm text-destructive', className)}>
      <p>
        <span className="font-semibold">{title}</span> {message}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" /> Try again
      </Button>
    </div>
  );
}
