import { Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { shareLink } from '../lib/share-link.ts';

/** Share: the device's share sheet when it has one, else the link is copied ('Link copied'). */
export function ShareButton({ title }: { title: string }) {
  const share = async () => {
    const outcome = await shareLink({ title, url: window.location.href });
    if (outcome === 'copied') toast({ variant: 'success', title: 'Link copied' });
  };
  return (
    <Button variant="secondary" size="sm" onClick={() => void share()}>
      <Share2 aria-hidden="true" /> Share
    </Button>
  );
}
