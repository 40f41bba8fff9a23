import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * POST profile/exit-registration/: ends this sign-in (session and refresh token) of a user whose
 * registration is not complete, keeping what the wizard saved; 400 once registration is complete.
 */
export function exitRegistration(): Promise<{ detail: string }> {
  return apiClient('/api/profile/exit-registration/', { method: 'POST' });
}

export function useExitRegistration() {
  return useMutation({ mutationFn: exitRegistration });
}
