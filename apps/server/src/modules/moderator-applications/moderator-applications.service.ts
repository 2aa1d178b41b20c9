import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  APPLICATION_CONFIRMATION_HOURS,
  APPLICATION_MESSAGES as M,
  type TModerator,
  type TModeratorApplication,
  type TModeratorApplicationReceipt,
  type TReviewApplicationResponse,
  type ZCreateModeratorRequest,
  type ZModeratorApplicationRequest,
  type ZReviewApplicationRequest,
} from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import { accounts, moderatorApplications, users } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { appError, notFound } from '../../lib/errors.js';
import type { StoreAnswer } from '../../lib/idempotency.js';
import type { EmailProvider } from '../../providers/email/index.js';
import type { Auth } from '../auth/index.js';
import { isPasswordTooWeak, promoteApprovedApplicant } from '../auth/index.js';
import {
  findApplicationView,
  findUserByEmail,
  hasPendingApplication,
  listApplications,
  listModerators,
  lockApplicantEmail,
  lockApplication,
  lockUnconfirmedApplication,
  toModerator,
} from './moderator-applications.queries.js';

export type TApplicationInput = z.output<typeof ZModeratorApplicationRequest>;
export type TReviewInput = z.output<typeof ZReviewApplicationRequest>;
export type TCreateModeratorInput = z.output<typeof ZCreateModeratorRequest>;

/** The email an approved applicant without a verified account receives. */
export function invitationEmail(to: string, firstName: string, publicUrl: string) {
  return {
    to,
    subject: 'Your Holdfast moderator application was approved',
    text:
      `Hi ${firstName},\n\nGood news: your application to become a Holdfast moderator was approved.\n\n` +
      `To start, create your Holdfast account with this email address (${to}):\n\n${publicUrl}/register\n\n` +
      `If you already have an account with this address, sign in instead:\n\n${publicUrl}/login\n\n` +
      'Then confirm the address with the link in the verification email. Your account becomes a moderator ' +
      'as soon as the address is verified.\n\nHoldfast',
  };
}

/** The link that proves an applicant reads the address they applied with. */
export function confirmationEmail(to: string, firstName: string, link: string) {
  return {
    to,
    subject: 'Confirm your Holdfast moderator application',
    text:
      `Hi ${firstName},\n\nThanks for applying to become a Holdfast moderator. Please confirm this is your ` +
      `email address, so our team can review your application:\n\n${link}\n\n` +
      `The link works for ${APPLICATION_CONFIRMATION_HOURS} hours. If you did not apply, ignore this email: ` +
      'nothing happens without the confirmation.\n\nHoldfast',
  };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const receipt = (
  row: typeof moderatorApplications.$inferSelect,
  confirmationRequired: boolean,
): TModeratorApplicationReceipt => ({
  id: row.id,
  email: row.email,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  confirmationRequired,
});

export interface ModeratorApplicationsDeps {
  db: Db;
  /** Better Auth, for hashing a created moderator's password the way sign-in checks it. */
  identity: Auth;
  email: EmailProvider;
  publicUrl: string;
  log?: { error(obj: unknown, msg?: string): void };
}

/** Moderator applications (public), their review and moderator accounts (admins). */
export function createModeratorApplicationsService({ db, identity, email, publicUrl, log }: ModeratorApplicationsDeps) {
  /**
   * One pending application per address; the signed-in applicant's account is remembered. The applicant
   * proves the address before administrators see it: a signed-in applicant's own verified address at
   * once, any other by the emailed link (confirm). Otherwise anyone could apply with a stranger's verified
   * address, and approval would make that stranger a moderator.
   */
  async function submit(
    user: SessionUser | null,
    input: TApplicationInput,
    answer?: StoreAnswer<TModeratorApplicationReceipt>,
  ): Promise<TModeratorApplicationReceipt> {
    const address = input.email.toLowerCase();
    const ownAddress = !!user?.emailVerified && user.email.toLowerCase() === address;
    const token = ownAddress ? null : randomBytes(32).toString('base64url');
    const row = await db.transaction(async (tx) => {
      await lockApplicantEmail(tx, address);
      if (await hasPendingApplication(tx, address)) throw appError('APPLICATION_PENDING', M.alreadyPending);
      const [created] = await tx
        .insert(moderatorApplications)
        .values({
          userId: user?.id ?? null,
          firstName: input.firstName,
          lastName: input.lastName,
          email: address,
          phone: input.phone,
          experience: input.experience,
          motivation: input.motivation,
          availability: input.availability,
          languages: input.languages,
          confirmedAt: ownAddress ? new Date() : null,
          confirmationTokenHash: token && hashToken(token),
        })
        .returning();
      await answer?.(tx, receipt(created!, !ownAddress));
      return created!;
    });
    if (token) {
      const link = `${publicUrl}/api/moderator-applications/confirm?token=${encodeURIComponent(token)}`;
      // The application waits unseen until the link is opened; a mail failure is logged, the applicant can apply again.
      try {
        await email.send(confirmationEmail(row.email, row.firstName, link));
      } catch (error) {
        log?.error({ err: error, applicationId: row.id }, 'moderator application confirmation email failed');
      }
    }
    return receipt(row, !ownAddress);
  }

  /**
   * The emailed link: the application becomes visible to administrators. False when the link is unknown,
   * used, expired, or another application for the address was confirmed meanwhile.
   */
  async function confirm(token: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const row = await lockUnconfirmedApplication(tx, hashToken(token));
      if (!row || row.status !== 'pending') return false;
      const expires = row.createdAt.getTime() + APPLICATION_CONFIRMATION_HOURS * 3_600_000;
      if (Date.now() > expires) return false;
      await lockApplicantEmail(tx, row.email);
      if (await hasPendingApplication(tx, row.email)) return false;
      await tx
        .update(moderatorApplications)
        .set({ confirmedAt: new Date(), confirmationTokenHash: null })
        .where(eq(moderatorApplications.id, row.id));
      return true;
    });
  }

  /**
   * An admin decides a pending application once (409 after). Approving promotes the verified account
   * with the application's address; with none, the applicant is invited by email and promoted when an
   * account with the address verifies it (auth's afterEmailVerification hook).
   */
  async function review(
    admin: SessionUser,
    id: string,
    input: TReviewInput,
    answer?: StoreAnswer<TReviewApplicationResponse>,
  ): Promise<TReviewApplicationResponse> {
    const result = await db.transaction(async (tx) => {
      const row = await lockApplication(tx, id);
      if (!row) throw notFound(M.notFound);
      if (row.status !== 'pending') throw appError('APPLICATION_REVIEWED', M.alreadyReviewed);
      await tx
        .update(moderatorApplications)
        .set({ status: input.status, reviewNotes: input.notes, reviewedById: admin.id, reviewedAt: new Date() })
        .where(eq(moderatorApplications.id, id));
      const decide = async (): Promise<TReviewApplicationResponse['account']> => {
        if (input.status === 'rejected') return null;
        const holder = await findUserByEmail(tx, row.email);
        if (!holder?.emailVerified) return 'invited';
        // The same rule as at verification: a verified buyer or seller (an admin keeps its role).
        return (await promoteApprovedApplicant(tx, holder.id)) ? 'promoted' : null;
      };
      const account = await decide();
      await recordAudit(tx, {
        actorId: admin.id,
        action: input.status === 'approved' ? 'moderator_application.approve' : 'moderator_application.reject',
        subject: { type: 'moderator_application', id },
        reason: input.notes,
        detail: { email: row.email, applicantId: row.userId, account },
        at: new Date(),
      });
      const response = { application: (await findApplicationView(tx, id))!, account };
      await answer?.(tx, response);
      return { row, response };
    });
    if (result.response.account === 'invited') {
      // After the commit: the decision stands even if the mail cannot be sent (promotion needs no mail).
      try {
        await email.send(invitationEmail(result.row.email, result.row.firstName, publicUrl));
      } catch (error) {
        log?.error({ err: error, applicationId: id }, 'moderator invitation email failed');
      }
    }
    return result.response;
  }

  /** A verified moderator account whose temporary password must be replaced at the first sign-in. */
  async function createModerator(
    admin: SessionUser,
    input: TCreateModeratorInput,
    answer?: StoreAnswer<TModerator>,
  ): Promise<TModerator> {
    const address = input.email.toLowerCase();
    if (isPasswordTooWeak(input.tempPassword, [address, input.firstName, input.lastName])) {
      throw appError('WEAK_PASSWORD', ADMIN_MESSAGES.weakPassword, { tempPassword: ADMIN_MESSAGES.weakPassword });
    }
    if (await findUserByEmail(db, address)) {
      throw appError('EMAIL_IN_USE', ADMIN_MESSAGES.emailInUse, { email: ADMIN_MESSAGES.emailInUse });
    }
    const context = await identity.$context;
    const hash = await context.password.hash(input.tempPassword);
    const userId = randomUUID();
    try {
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            id: userId,
            email: address,
            name: `${input.firstName} ${input.lastName}`.trim(),
            firstName: input.firstName,
            lastName: input.lastName,
            phoneNumber: input.phone,
            role: 'moderator',
            emailVerified: true,
            mustChangePassword: true,
          })
          .returning();
        await tx
          .insert(accounts)
          .values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: hash });
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'user.create_moderator',
          subject: { type: 'user', id: userId },
          detail: { email: address },
          at: created!.createdAt,
        });
        const moderator = toModerator(created!);
        await answer?.(tx, moderator);
        return moderator;
      });
      return row;
    } catch (error) {
      // A concurrent registration of the same address loses on the unique index.
      if (await findUserByEmail(db, address)) {
        throw appError('EMAIL_IN_USE', ADMIN_MESSAGES.emailInUse, { email: ADMIN_MESSAGES.emailInUse });
      }
      throw error;
    }
  }

  return {
    submit,
    confirm,
    review,
    createModerator,
    list: (): Promise<TModeratorApplication[]> => listApplications(db),
    moderators: (): Promise<TModerator[]> => listModerators(db),
  };
}

export type ModeratorApplicationsService = ReturnType<typeof createModeratorApplicationsService>;
