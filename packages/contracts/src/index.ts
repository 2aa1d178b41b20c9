export * from './money.js';
export * from './messages.js';
export * from './auth.js';
export * from './errors.js';
export * from './currencies.js';
export * from './transactions.js';
export * from './wallet.js';
export * from './payments.js';
