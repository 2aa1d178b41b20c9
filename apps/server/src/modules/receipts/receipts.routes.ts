import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZReceiptParams } from '@holdfast/contracts';
import { requireUser } from '../../lib/auth-context.js';
import type { Receipt } from './receipts.service.js';

const errors = { 401: ZErrorResponse, 404: ZErrorResponse };

/** A PDF to download, private to every cache (the app already marks signed-in answers no-store). */
export function sendPdf(reply: FastifyReply, file: { fileName: string; pdf: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.pdf);
}

/** A CSV file to download, private to every cache. */
export function sendCsv(reply: FastifyReply, file: { fileName: string; csv: string }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.csv);
}

/** PDF receipts: of a finished deal (its parties and staff), of a deposit or a withdrawal (its owner and staff). */
export async function receiptRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.receipts;
  const tags = ['receipts'];
  const send = (reply: FastifyReply, receipt: Receipt) => sendPdf(reply, receipt);

  r.get(
    '/transactions/:id/receipt.pdf',
    {
      schema: {
        tags,
        summary: 'PDF receipt of a completed, refunded or split deal (its parties and staff); 409 before it ends',
        params: ZReceiptParams,
        response: { ...errors, 409: ZErrorResponse },
      },
    },
    async (request, reply) => send(reply, await service.transaction(requireUser(request), request.params.id)),
  );

  r.get(
    '/wallet/deposits/:id/receipt.pdf',
    {
      schema: {
        tags,
        summary: 'PDF receipt of a card deposit, by its payment id (its owner and staff)',
        params: ZReceiptParams,
        response: errors,
      },
    },
    async (request, reply) => send(reply, await service.deposit(requireUser(request), request.params.id)),
  );

  r.get(
    '/withdrawals/:id/receipt.pdf',
    {
      schema: {
        tags,
        summary: 'PDF receipt of a withdrawal (its owner and staff)',
        params: ZReceiptParams,
        response: errors,
      },
    },
    async (request, reply) => send(reply, await service.withdrawal(requireUser(request), request.params.id)),
  );
}
