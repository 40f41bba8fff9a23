import { MAINTENANCE_DETAIL } from '@referrals/domain/api';
import { ApiError } from './api-error';

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Whether an answer says the service is down for maintenance (a 503 with the maintenance detail; README,
 * Maintenance), rather than that the server or its database failed.
 */
export function isMaintenanceAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503 && error.detail === MAINTENANCE_DETAIL;
}

/**
 * Tells whoever listens (the app's root, which shows /maintenance to everyone but the platform
 * administrators) that a call found the service down. The API client cannot navigate itself: it lives
 * below the router.
 */
export function noticeMaintenance(): void {
  for (const listener of listeners) listener();
}

export function onMaintenanceNoticed(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
