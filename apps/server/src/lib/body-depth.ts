import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@holdfast/contracts';
import { badRequest } from './errors.js';

/** Far deeper than any request of ours; shallow enough that no recursive walk of a body can overflow. */
export const MAX_BODY_DEPTH = 32;

/** True when `value` nests objects or arrays deeper than `max` levels. Iterative: never overflows itself. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 0 }];
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(node as Record<string, unknown>)) stack.push({ node: child, depth: depth + 1 });
  }
  return false;
}

/** Refuses over-nested JSON bodies with a 400 on every route, before validation or any hook walks them. */
export function registerBodyDepthLimit(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (Buffer.isBuffer(request.body)) return; // raw bytes (the signed webhook), not parsed JSON
    if (request.body && typeof request.body === 'object' && nestedDeeperThan(request.body, MAX_BODY_DEPTH)) {
      throw badRequest(MESSAGES.generic.tooDeep);
    }
  });
}
