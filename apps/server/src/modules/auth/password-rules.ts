export const MIN_PASSWORD_LENGTH = 12;
// argon2 hashes whatever it is given; a cap keeps a megabyte "password" from costing more than a real one.
export const MAX_PASSWORD_LENGTH = 1024;

export type NewPasswordErrors = { password?: string; confirm_password?: string };

/** The rules for a new password (sign-up and reset): long enough, not the email, typed the same twice. */
export function checkNewPassword(password: string, confirm: string, email: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!password) errors.password = 'Enter a password.';
  else if ([...password].length < MIN_PASSWORD_LENGTH)
    errors.password = `Your password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  else if (password.length > MAX_PASSWORD_LENGTH)
    errors.password = `Your password must be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  else if (email && password.trim().toLowerCase() === email.trim().toLowerCase())
    errors.password = 'Your password must not be your email address.';
  if (!errors.password && password !== confirm) errors.confirm_password = 'The passwords do not match.';
  return errors;
}
