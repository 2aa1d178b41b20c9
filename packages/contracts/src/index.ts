export * from './money.js';
export * from './messages.js';
export * from './auth.js';
export * from './errors.js';
