import { DetailErrorSchema, FieldErrorsSchema, type FieldErrors } from '@referrals/domain/api';

/**
 * A non-2xx answer from the API, carrying the status and the decoded body (api-conventions.md, Errors),
 * so callers branch on `status` and forms map `fieldErrors` onto their fields.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: unknown,
    /** Seconds to wait before asking again, from a 429's Retry-After header. */
    readonly retryAfter?: number,
  ) {
    super(describe(status, body));
  }

  /** The `detail` text of 401, 403, 404, 409, 429 and 500 bodies, when there is one. */
  get detail(): string | undefined {
    const parsed = DetailErrorSchema.safeParse(this.body);
    return parsed.success ? parsed.data.detail : undefined;
  }

  /** The field errors of a 400 body, or undefined for any other answer. */
  get fieldErrors(): FieldErrors | undefined {
    if (this.status !== 400) return undefined;
    const parsed = FieldErrorsSchema.safeParse(this.body);
    return parsed.success ? parsed.data : undefined;
  }

  get isServerError(): boolean {
    return this.status >= 500;
  }

  /**
   * A 502: a system outside Referrals failed (a clinical record system; docs/api.md, Errors), which the
   * screen that made the call explains in its own words rather than with the Server error toast.
   */
  get isOutsideSystemError(): boolean {
    return this.status === 502;
  }
}

function describe(status: number, body: unknown): string {
  const parsed = DetailErrorSchema.safeParse(body);
  return parsed.success ? `API ${status}: ${parsed.data.detail}` : `API ${status}`;
}
