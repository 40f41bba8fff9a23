import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';

/** The error answers of a signed-in route that reads or changes one object, for its OpenAPI description. */
export const SIGNED_IN_ERROR_RESPONSES = {
  400: FieldErrorsSchema,
  401: DetailErrorSchema,
  403: DetailErrorSchema,
  404: DetailErrorSchema,
} as const;
