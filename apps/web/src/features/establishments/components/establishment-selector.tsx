/**
 * The top bar's establishment selector slot (spec section 2 Establishment selector). It stays empty until
 * sign-in exists: there is no current establishment to show, and an empty dropdown would mislead.
 */
export function EstablishmentSelector() {
  return null;
}
