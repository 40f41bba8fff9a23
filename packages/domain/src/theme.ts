/** The two layout themes (section 6 Rules). */
export type LayoutTheme = 'blue' | 'green';

const ALWAYS_SPECIALIST_ROLES: readonly string[] = ['SP', 'SPT'];
const HOSPITAL_SIDE_ADMIN_ROLES: readonly string[] = ['PA', 'PM'];
// A department is part of its hospital, so its staff are on the hospital side too.
const HOSPITAL_SIDE_ESTABLISHMENT_TYPES: readonly string[] = ['HL', 'DT', 'CL'];

/**
 * Layout theme: specialist-type roles get blue, everyone else (and no user) green (section 6 Rules).
 * We read "SP, SPT, PA, PM at hospital or clinic" as: SP and SPT always; PA and PM only when the
 * current establishment is a hospital (HL), one of its departments (DT) or a clinic (CL).
 */
export function layoutThemeFor(
  user: { role: string | null | undefined; establishmentType?: string | null | undefined } | null | undefined,
): LayoutTheme {
  if (user?.role == null) return 'green';
  if (ALWAYS_SPECIALIST_ROLES.includes(user.role)) return 'blue';
  if (
    HOSPITAL_SIDE_ADMIN_ROLES.includes(user.role) &&
    user.establishmentType != null &&
    HOSPITAL_SIDE_ESTABLISHMENT_TYPES.includes(user.establishmentType)
  ) {
    return 'blue';
  }
  return 'green';
}
