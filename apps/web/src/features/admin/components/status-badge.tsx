import { Badge } from '../../../components/ui/badge.tsx';

/**
 * A user's or a book's status as a badge (accounts spec section 3): primary for the one good value (`primaryWhen`,
 * 'active' for a user, 'ready' for a book), secondary for any other.
 */
export function StatusBadge({ status, primaryWhen }: { status: string; primaryWhen: string }) {
  const variant = status === primaryWhen ? 'default' : 'secondary';
  return (
    <Badge variant={variant} data-variant={variant} className="capitalize">
      {status}
    </Badge>
  );
}
