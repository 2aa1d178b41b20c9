export * from './kinds.js';
export * from './queue.js';
export * from './scheduler.js';
export * from './operations.js';
