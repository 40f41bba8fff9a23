import { useEffect, useRef, useState } from 'react';
import { launchFailureIsFinal, launchFailureMessage } from './launch-failure';

export type LaunchFailure = { message: string; canRetry: boolean };

/**
 * Runs one step of a launch once per attempt (React runs effects twice in development, and a record
 * system's code cannot be exchanged twice), and says how it failed: its message, and whether trying again
 * can help (`retryable` steps only). `retry` starts the next attempt.
 */
export function useLaunchStep(
  step: () => Promise<void>,
  retryable: boolean,
): { failure: LaunchFailure | null; retry: () => void } {
  const [failure, setFailure] = useState<LaunchFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const ran = useRef(-1);
  useEffect(() => {
    if (ran.current === attempt) return;
    ran.current = attempt;
    step().catch((error: unknown) =>
      setFailure({
        message: launchFailureMessage(error),
        canRetry: retryable && !launchFailureIsFinal(error),
      }),
    );
  });
  const retry = () => {
    setFailure(null);
    setAttempt((n) => n + 1);
  };
  return { failure, retry };
}
