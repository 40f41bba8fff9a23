import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST profile/resend-verification/: 202 sent, 400 when already verified, 429 when asked too often. */
export function resendVerification(): Promise<{ detail: string }> {
  return apiClient('/api/profile/resend-verification/', { method: 'POST' });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
