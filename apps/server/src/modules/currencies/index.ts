/** The currencies module's public entry (no service: its answers are pure functions of the contracts). */
export { currencyRoutes } from './currencies.routes.js';
