import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdminUserActionRequest,
  ZAdminUserDetail,
  ZAdminUserList,
  ZAdminUserListQuery,
  ZAdminUserParams,
  ZErrorResponse,
} from '@holdfast/contracts';
import { requireRole } from '../../lib/auth-context.js';

const denied = { 401: ZErrorResponse, 403: ZErrorResponse };
const actionErrors = { 400: ZErrorResponse, ...denied, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };

/**
 * The Users tab's calls; registered inside adminRoutes, behind its admins-only hook. The three actions take
 * no Idempotency-Key: each checks the account's state under its row lock, so a repeat answers 409 and
 * changes nothing.
 */
export function adminUserRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const service = () => app.services.adminUsers;

  r.get(
    '/admin/users',
    {
      schema: {
        tags,
        summary: 'Accounts whose name or email contains `q`, newest first, in numbered pages of 20 (admins only)',
        querystring: ZAdminUserListQuery,
        response: { 200: ZAdminUserList, 400: ZErrorResponse, ...denied },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return service().search(request.query);
    },
  );

  r.get(
    '/admin/users/:id',
    {
      schema: {
        tags,
        summary:
          'One account: role, verification as stored, suspension, balances per currency (wallet and escrow of deals it buys), deals, disputes and live sessions (admins only)',
        params: ZAdminUserParams,
        response: { 200: ZAdminUserDetail, ...denied, 404: ZErrorResponse },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return service().detail(request.params.id);
    },
  );

  r.post(
    '/admin/users/:id/suspend',
    {
      schema: {
        tags,
        summary:
          'Suspends an account with a reason: signed out everywhere, its sockets closed, sign-in refused (ACCOUNT_SUSPENDED); ' +
          'money and deals untouched; a moderator gives back their cases in review. Not the caller, not an admin (admins only)',
        params: ZAdminUserParams,
        body: ZAdminUserActionRequest,
        response: { 200: ZAdminUserDetail, ...actionErrors },
      },
    },
    async (request) => service().suspend(requireRole(request, 'admin'), request.params.id, request.body),
  );

  r.post(
    '/admin/users/:id/reactivate',
    {
      schema: {
        tags,
        summary: 'Lifts a suspension, with a reason: the account may sign in again (admins only)',
        params: ZAdminUserParams,
        body: ZAdminUserActionRequest,
        response: { 200: ZAdminUserDetail, ...actionErrors },
      },
    },
    async (request) => service().reactivate(requireRole(request, 'admin'), request.params.id, request.body),
  );

  r.post(
    '/admin/users/:id/deactivate-moderator',
    {
      schema: {
        tags,
        summary:
          'Takes the moderator role away, with a reason: the account becomes a plain account, its cases in review go back to the queue and it is signed out everywhere (admins only)',
        params: ZAdminUserParams,
        body: ZAdminUserActionRequest,
        response: { 200: ZAdminUserDetail, ...actionErrors },
      },
    },
    async (request) => service().deactivateModerator(requireRole(request, 'admin'), request.params.id, request.body),
  );
}
