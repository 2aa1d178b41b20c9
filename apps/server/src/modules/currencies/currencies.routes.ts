import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCurrenciesResponse,
  ZErrorResponse,
  ZValidateAmountRequest,
  ZValidateAmountResponse,
  currenciesResponse,
  validateAmountResponse,
} from '@holdfast/contracts';
import { RATE_LIMITS } from '../../lib/rate-limit.js';

/** Public: supported currencies with their limits, and live amount validation for the create form. */
export async function currencyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['currencies'];
  const list = currenciesResponse();

  r.get(
    '/currencies',
    {
      // Public facts the /fees page shows to anyone, whatever state their account is in.
      config: { accountGate: 'session' },
      schema: { tags, summary: 'Supported currencies and their limits', response: { 200: ZCurrenciesResponse } },
    },
    async () => list,
  );

  r.post(
    '/currencies/validate',
    {
      config: { rateLimit: RATE_LIMITS.amountValidation },
      schema: {
        tags,
        summary: 'Check an amount against its currency; fee and total formatted when valid',
        body: ZValidateAmountRequest,
        response: { 200: ZValidateAmountResponse, 400: ZErrorResponse },
      },
    },
    async (request) => validateAmountResponse(request.body.amount, request.body.currency),
  );
}
