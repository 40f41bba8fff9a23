/**
 * Asks `call` again until it answers `status` or `ms` have passed; returns the last status. For what
 * another process or connection hears a moment later (a sign-out, the maintenance switch).
 */
export async function statusWithin(
  ms: number,
  status: number,
  call: () => Promise<{ statusCode: number }>,
): Promise<number> {
  const started = Date.now();
  let last = (await call()).statusCode;
  while (last !== status && Date.now() - started < ms) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    last = (await call()).statusCode;
  }
  return last;
}
