/**
 * Wraps an async task so that callers arriving while it runs share the one run instead of starting
 * another. Refreshing twice at once would present the same rotating refresh token twice, which the
 * provider treats as token theft and answers by revoking the whole sign-in.
 */
export function singleFlight<T>(task: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= task().finally(() => {
      running = undefined;
    });
    return running;
  };
}
