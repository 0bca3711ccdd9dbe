import { useEffect, useState } from 'react';

/**
 * An object URL for `blob` while the component shows it; revoked when the blob changes or the component goes, so
 * that images fetched with the bearer token do not stay in memory.
 */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}
