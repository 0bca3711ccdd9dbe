import { Link } from 'wouter';
import { useSupportContact } from '../../../lib/support-contact.ts';

/**
 * The team's address as the server serves it (GET /api/support/contact, the server's SUPPORT_EMAIL), as a mailto
 * link, so that the legal pages never name an address the server does not read. While it loads a short placeholder
 * stands in; when it cannot be read the contact page is offered instead. Every use reads "write to <SupportAddress />",
 * which both forms complete ("write to help@…", "write to us from the contact page").
 */
export function SupportAddress() {
  const contact = useSupportContact();
  if (contact.data) return <a href={`mailto:${contact.data.email}`}>{contact.data.email}</a>;
  if (contact.isError) {
    return (
      <>
        us from the <Link href="/contact">contact page</Link>
      </>
    );
  }
  return (
    <span role="status" className="text-muted">
      our support address (loading…)
    </span>
  );
}
