import type { ReferralBox } from '@referrals/domain/referrals/referral-lists';
import { useCallback, useState } from 'react';
import { browserLocalStorage } from '@/lib/browser-storage';

export type ShownTotals = Readonly<Record<ReferralBox, boolean>>;

/** Where each box's choice is kept, beside the navigation's collapsed state. */
export const showTotalsStorageKey = (box: ReferralBox) => `referrals.nav.show-totals.${box}`;

function read(box: ReferralBox): boolean {
  try {
    return browserLocalStorage()?.getItem(showTotalsStorageKey(box)) === 'true';
  } catch {
    // A storage that throws (privacy modes) only costs the memory: the totals start hidden.
    return false;
  }
}

/** 'Show totals' for the inbox and for the outbox: off unless chosen, remembered locally (section 2 Layout). */
export function useShowTotals(): { shown: ShownTotals; toggle: (box: ReferralBox) => void } {
  const [shown, setShown] = useState<ShownTotals>(() => ({ inbox: read('inbox'), outbox: read('outbox') }));
  const toggle = useCallback((box: ReferralBox) => {
    setShown((current) => {
      const next = { ...current, [box]: !current[box] };
      try {
        browserLocalStorage()?.setItem(showTotalsStorageKey(box), String(next[box]));
      } catch {
        // See read: the choice then lasts until the page is reloaded.
      }
      return next;
    });
  }, []);
  return { shown, toggle };
}
