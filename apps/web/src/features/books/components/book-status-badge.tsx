import type { BookStatus } from '@quire/contracts';
import { Badge } from '../../../components/ui/badge.tsx';

/** Book status badge: the default (filled) style when ready, secondary otherwise (accounts spec section 2). */
export function BookStatusBadge({ status }: { status: BookStatus | string }) {
  return (
    <Badge variant={status === 'ready' ? 'default' : 'secondary'} className="capitalize">
      {status}
    </Badge>
  );
}
