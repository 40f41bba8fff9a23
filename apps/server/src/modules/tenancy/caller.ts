import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { codeOf } from '@referrals/domain/codes';
import type { FeatureFlags } from '@referrals/domain/feature-flags';
import type { AccessContext } from '@referrals/domain/people/access-rules';
import type { EmploymentStatus, Permission, Role, SubRole } from '@referrals/domain/people/people-codes';
import {
  canAccessEstablishment,
  currentEstablishmentFallback,
} from '@referrals/domain/profile/profile-save-rules';
import type { EstablishmentType } from '@referrals/domain/establishments/establishment-codes';
import type { Queryable } from '../../db/database.ts';
import { users } from '../../db/schema/people.ts';
import { notAuthenticated } from '../../http/api-errors.ts';

/** One of the caller's employments, with what the rules need of its establishment. */
export type CallerEmployment = {
  id: string;
  priority: number;
  status: EmploymentStatus;
  permissions: Permission[];
  is_account_holder: boolean;
  can_send_referral: boolean;
  has_shared_inbox_access: boolean;
  has_shared_outbox_access: boolean;
  is_head_of_department: boolean;
  has_special_access: boolean;
  establishment: { id: string; type: EstablishmentType; hospital_id: string | null };
};

/**
 * Who is asking, as every access rule and visibility function sees it: the user, all their employments,
 * and the current establishment they act for (section 4 Employment: the remembered one when they may
 * access it, else primary, secondary, professional).
 */
export type Caller = {
  userId: string;
  role: Role | null;
  subRole: SubRole | null;
  /** Approves and verifies new establishments (users.is_platform_admin; never set through the API). */
  isPlatformAdmin: boolean;
  employments: CallerEmployment[];
  /** The employment at the current establishment, or null when the caller may act for none. */
  current: CallerEmployment | null;
  /** The section 6 rules' input for the current establishment. */
  access: AccessContext;
};

/**
 * A backend service signed in with its client credentials (SMART Backend Services, docs/interop.md): no
 * person, the establishment that registered it. It reads what that establishment's staff with shared inbox
 * and outbox access read, through the same visibility functions, within the system scopes of its token.
 */
export type SystemCaller = {
  kind: 'system';
  clientId: string;
  establishmentId: string;
  /** The system scopes the access token carries (system/ServiceRequest.rs, ...). */
  scopes: readonly string[];
};

/** Whoever reads through the visibility functions: a signed-in person, or a system for its establishment. */
export type Reader = Caller | SystemCaller;

export function isSystemCaller(reader: Reader): reader is SystemCaller {
  return 'kind' in reader && reader.kind === 'system';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Memoised by `callerOf`; set once per request. */
    caller?: Caller;
    /** Set by the FHIR API's sign-in check when a backend service, not a person, is calling. */
    system?: SystemCaller;
  }
}

/**
 * The caller's employments as the access rules need them, primary first, built in SQL so the session
 * check reads them with the session: one statement per request instead of three.
 */
const callerEmploymentsJson = sql<CallerEmployment[]>`coalesce((
  select json_agg(json_build_object(
    'id', e.id, 'priority', e.priority, 'status', e.status, 'permissions', e.permissions,
    'is_account_holder', e.is_account_holder, 'can_send_referral', e.can_send_referral,
    'has_shared_inbox_access', e.has_shared_inbox_access, 'has_shared_outbox_access', e.has_shared_outbox_access,
    'is_head_of_department', e.is_head_of_department, 'has_special_access', e.has_special_access,
    'establishment', json_build_object('id', place.id, 'type', place.type, 'hospital_id', place.hospital_id)
  ) order by e.priority, e.created_at)
  from employments e join establishments place on place.id = e.establishment_id
  where e.user_id = users.id), '[]'::json)`;

/** What the caller's access needs from their user row and employments; select it from `users` (by that name). */
export const callerAccountColumns = {
  role: users.role,
  sub_role: users.sub_role,
  current_establishment_id: users.current_establishment_id,
  is_platform_admin: users.is_platform_admin,
  employments: callerEmploymentsJson,
};
export type CallerAccount = {
  role: string | null;
  sub_role: string | null;
  current_establishment_id: string | null;
  is_platform_admin: boolean;
  employments: CallerEmployment[];
};

/**
 * The caller with their employments and current establishment. `account` is what the session check
 * already read (auth-sessions.ts), which spares every request a query.
 */
export async function loadCaller(
  q: Queryable,
  userId: string,
  flags: FeatureFlags,
  account?: CallerAccount,
): Promise<Caller | undefined> {
  const [user] = account
    ? [account]
    : await q.select(callerAccountColumns).from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const jobs = user.employments;
  const role = user.role as Role | null;
  const accessible = jobs.filter((job) => canAccessEstablishment(role, job));
  const currentId = currentEstablishmentFallback(accessible, user.current_establishment_id);
  const current = accessible.find((job) => job.establishment.id === currentId) ?? null;
  return {
    userId,
    role,
    subRole: user.sub_role as SubRole | null,
    isPlatformAdmin: user.is_platform_admin,
    employments: jobs,
    current,
    access: {
      role,
      sub_role: user.sub_role as SubRole | null,
      permissions: current?.permissions ?? [],
      establishmentType: current?.establishment.type ?? null,
      employment: current,
      flags: { friendlyForwarding: flags.friendlyForwarding, gpReportsInbox: flags.gpReportsInbox },
    },
  };
}

/** The signed-in caller of a request that passed `authenticate`, loaded once per request. */
export async function callerOf(request: FastifyRequest): Promise<Caller> {
  if (request.caller) return request.caller;
  const userId = request.user?.id;
  if (!userId) throw notAuthenticated();
  const caller = await loadCaller(
    request.server.database.db,
    userId,
    request.server.config.flags,
    request.user?.account,
  );
  if (!caller) throw notAuthenticated();
  request.caller = caller;
  return caller;
}

/** The reader of a FHIR call: the backend service that signed in, else the signed-in person. */
export async function readerOf(request: FastifyRequest): Promise<Reader> {
  return request.system ?? (await callerOf(request));
}

/** The establishments the caller acts for as an approved account holder (the admin portal's reach). */
export function administeredEstablishmentIds(caller: Caller): string[] {
  return caller.employments
    .filter((job) => job.is_account_holder && codeOf(job.status) === 'APPROVED')
    .map((job) => job.establishment.id);
}
