export * from './auth.js';
export * from './outbox.js';
export * from './transactions.js';
export * from './ledger.js';
export * from './idempotency.js';
export * from './payments.js';
