import { useEffect, useState } from 'react';

/**
 * An object URL for a fetched Blob (images behind the bearer token), revoked when the Blob changes or the
 * component unmounts. Each effect run makes and revokes its own URL, so StrictMode's double run never
 * leaves a revoked URL on screen.
 */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [current, setCurrent] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (blob === undefined) return;
    const url = URL.createObjectURL(blob);
    let live = true;
    // Published from a callback rather than the effect body, which would render twice in a row.
    queueMicrotask(() => {
      if (live) setCurrent({ blob, url });
    });
    return () => {
      live = false;
      URL.revokeObjectURL(url);
    };
  }, [blob]);
  // Never hand out an earlier Blob's URL: it has been revoked.
  return current !== null && current.blob === blob ? current.url : null;
}
