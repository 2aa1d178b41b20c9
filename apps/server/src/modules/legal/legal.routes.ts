import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCompanyDetails, ZErrorResponse, ZLegalPage } from '@holdfast/contracts';

/**
 * Public: the Terms, the Privacy Policy and who runs the service. Open to anyone, whatever state their
 * account is in: a person asked to accept the Terms must be able to read them first.
 */
export async function legalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.legal;
  const tags = ['legal'];

  r.get(
    '/legal/:page',
    {
      config: { accountGate: 'session' },
      schema: {
        tags,
        summary: "The Terms of Service or the Privacy Policy (Markdown): the operator's text or the template",
        params: z.object({ page: z.string().max(100).meta({ description: '`terms` or `privacy`' }) }),
        response: { 200: ZLegalPage, 404: ZErrorResponse },
      },
    },
    async (request) => service.page(request.params.page),
  );

  r.get(
    '/company',
    {
      config: { accountGate: 'session' },
      schema: {
        tags,
        summary: "Who runs this service: the operator's company name, registration and contact details",
        response: { 200: ZCompanyDetails },
      },
    },
    async () => service.company(),
  );
}
