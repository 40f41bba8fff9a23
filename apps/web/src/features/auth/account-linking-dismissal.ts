import { browserSessionStorage } from '@/lib/browser-storage';

const DISMISSED_KEY = 'referrals.account-linking.not-now';

/**
 * 'Not now' on account linking holds while this tab is open: the start-up redirect (spec section 2) asks
 * again in a new tab or window, not at every screen.
 */
export function dismissAccountLinking(): void {
  try {
    browserSessionStorage()?.setItem(DISMISSED_KEY, 'true');
  } catch {
    // Storage refused: the redirect asks again, which is the safe side.
  }
}

export function accountLinkingDismissed(): boolean {
  try {
    return browserSessionStorage()?.getItem(DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}
