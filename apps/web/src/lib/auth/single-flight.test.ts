import { describe, expect, it, vi } from 'vitest';
import { singleFlight } from './single-flight';

describe('singleFlight', () => {
  it('shares one run between callers that arrive while it is in flight', async () => {
    let resolve: (value: string) => void = () => undefined;
    const task = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const once = singleFlight(task);

    const first = once();
    const second = once();
    resolve('token');

    await expect(Promise.all([first, second])).resolves.toEqual(['token', 'token']);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs again once the previous run has settled, even after a failure', async () => {
    const task = vi.fn<() => Promise<number>>().mockRejectedValueOnce(new Error('offline'));
    task.mockResolvedValueOnce(2);
    const once = singleFlight(task);

    await expect(once()).rejects.toThrow('offline');
    await expect(once()).resolves.toBe(2);
    expect(task).toHaveBeenCalledTimes(2);
  });
});
