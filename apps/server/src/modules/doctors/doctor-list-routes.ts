import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CodedValueSchema, DetailErrorSchema } from '@referrals/domain/api';
import { professionCodes, specialtyCodes } from '@referrals/domain/people/specialty-codes';

/** The choice lists of the profile and directory forms (spec section 7: doctors/specialties/, doctors/professions/). */
export const doctorListRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  for (const [path, codes, operationId, summary] of [
    ['/api/doctors/specialties/', specialtyCodes, 'listSpecialties', 'Specialties to choose from'],
    ['/api/doctors/professions/', professionCodes, 'listProfessions', 'Professions to choose from'],
  ] as const) {
    app.get(
      path,
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['doctors'],
          operationId,
          summary,
          security: [{ bearer: [] }],
          response: { 200: z.array(CodedValueSchema), 401: DetailErrorSchema },
        },
      },
      () => codes.codes.map((code) => ({ value: code, display: codes.display(code as never) })),
    );
  }
  done();
};
