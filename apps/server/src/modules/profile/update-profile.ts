import { and, eq, ne, sql } from 'drizzle-orm';
import type { FeatureFlags } from '@referrals/domain/feature-flags';
import {
  EMAIL_NOTIFICATION_FIELDS,
  type Profile,
  type ProfileUpdate,
} from '@referrals/domain/profile/profile-schemas';
import { prepareProfileUpdate, validateProfileUpdate } from '@referrals/domain/profile/profile-save-rules';
import { roles } from '@referrals/domain/people/people-codes';
import type { Database, Queryable } from '../../db/database.ts';
import { specialties, users } from '../../db/schema/people.ts';
import { checkVersion, notFound, validationFailed } from '../../http/api-errors.ts';
import { loadProfile } from './load-profile.ts';

export const ROLE_LOCKED_MESSAGE = 'Your role can only be changed by support once registration is complete.';

export type UpdateProfileOptions = {
  userId: string;
  update: ProfileUpdate;
  flags: FeatureFlags;
  /** Run every check and answer the would-be profile, writing nothing (api-conventions.md, Dry run). */
  dryRun: boolean;
};

/**
 * Saves the caller's profile under the section 5 Profile save rules, which the form runs too. The checks
 * and the write happen in one transaction with the row locked, so a concurrent save cannot slip between.
 */
export async function updateProfile(db: Database, options: UpdateProfileOptions): Promise<Profile> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${options.userId} for update`);
    const current = await loadProfile(tx, options.userId);
    if (!current) throw notFound();
    checkVersion(
      options.update.version,
      current.version,
      'Your profile was changed elsewhere. Reload it and make your changes again.',
    );
    const { role } = options.update;
    if (role !== undefined && current.registration_completed && role !== current.role?.value) {
      throw validationFailed({ role: [ROLE_LOCKED_MESSAGE] });
    }
    const prepared = prepareProfileUpdate(current, options.update, {
      permissions: current.permissions,
      flags: options.flags,
    });
    const merged = { ...current, ...prepared } as Profile;
    const errors = validateProfileUpdate(merged, {
      flags: options.flags,
      ahpraTaken: await isAhpraTaken(tx, merged.ahpra_num, options.userId),
      update: options.update,
    });
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    if (options.dryRun) return wouldBeProfile(merged, prepared);

    const { specialties: specialtyInput, version: _version, ...fields } = prepared;
    const notificationChanges = Object.fromEntries(
      EMAIL_NOTIFICATION_FIELDS.filter((f) => f in fields).map((f) => [f, fields[f] === true]),
    );
    const columns = Object.fromEntries(
      Object.entries(fields).filter(
        ([key]) => !(EMAIL_NOTIFICATION_FIELDS as readonly string[]).includes(key),
      ),
    );
    await tx
      .update(users)
      .set({
        ...columns,
        ...(Object.keys(notificationChanges).length > 0
          ? {
              email_notifications: sql`${users.email_notifications} || ${JSON.stringify(notificationChanges)}::jsonb`,
            }
          : {}),
        version: sql`${users.version} + 1`,
        updated_at: new Date(),
      })
      .where(eq(users.id, options.userId));
    if (specialtyInput) {
      await tx.delete(specialties).where(eq(specialties.user_id, options.userId));
      if (specialtyInput.length > 0) {
        await tx.insert(specialties).values(
          specialtyInput.map((s) => ({
            user_id: options.userId,
            priority: s.priority,
            practice: s.practice,
            field: s.field,
          })),
        );
      }
    }
    const saved = await loadProfile(tx, options.userId);
    if (!saved) throw notFound();
    return saved;
  });
}

async function isAhpraTaken(
  q: Queryable,
  ahpra: string | null | undefined,
  userId: string,
): Promise<boolean> {
  if (!ahpra) return false;
  const [other] = await q
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.ahpra_num, ahpra), ne(users.id, userId)))
    .limit(1);
  return other !== undefined;
}

/**
 * The profile a dry run answers: the stored one with the update laid over it, in the shape a saved profile
 * has (a role as `{value, display}`, every specialty with an id; a new one's id is empty until it is saved).
 */
function wouldBeProfile(merged: Profile, prepared: ReturnType<typeof prepareProfileUpdate>): Profile {
  const role = prepared.role ?? merged.role;
  return {
    ...merged,
    role: typeof role === 'string' ? roles.coded(role) : role,
    specialties: (prepared.specialties ?? merged.specialties).map((s) => ({
      id: s.id ?? '',
      priority: s.priority,
      practice: s.practice,
      field: s.field,
    })),
  };
}
