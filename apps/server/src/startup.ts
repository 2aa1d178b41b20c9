import type { FastifyInstance } from 'fastify';

/** First-start data: the configured admin and, outside production, demo accounts (printed). */
export async function prepareData(_app: FastifyInstance): Promise<void> {
  // Filled in by the accounts module (admin from ADMIN_EMAIL/ADMIN_PASSWORD, demo accounts).
}
