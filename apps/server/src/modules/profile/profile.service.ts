import type { FastifyBaseLogger } from 'fastify';
import {
  PROFILE_MESSAGES as M,
  PROFILE_PICTURE_MAX_BYTES,
  isValidProfileSlug,
  messageLine,
  publicKycStatus,
  toDecimal,
  type TProfileSettings,
  type TPublicProfile,
  type TPublicTransaction,
  type TUploadProfilePictureResponse,
} from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { appError, notFound, unauthenticated } from '../../lib/errors.js';
import type { Storage, StoredObject } from '../../providers/storage/index.js';
import type { ReviewsService } from '../reviews/index.js';
import { countTransactionsByStatus, successRateOf } from '../transactions/index.js';
import {
  PICTURE_NAME,
  newPictureName,
  pictureNameOfUrl,
  pictureStorageKey,
  pictureUrl,
  reencodePicture,
  sniffPictureType,
} from './profile.pictures.js';
import {
  findProfileBySlug,
  findSettings,
  findSlugHolder,
  counterpartiesById,
  recentTransactions,
  replaceImage,
  updateSettings,
} from './profile.queries.js';
import { PUBLIC_HISTORY_LIMIT, anonymousDescription, counterpartyName } from './profile.rules.js';

/** PostgreSQL's unique_violation: users.public_profile_slug refused a second holder. */
const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23505' || isUniqueViolation((err as { cause?: unknown }).cause));

export interface ProfileServiceDeps {
  db: Db;
  storage: Storage;
  /** The received reviews' count and average come from the reviews module. */
  reviews: Pick<ReviewsService, 'summaryOf'>;
  log?: FastifyBaseLogger;
}

/**
 * Profile settings (picture, public URL, public history) and public profiles. What a public profile
 * shows is chosen here field by field; the response schemas keep anything else from leaking.
 */
export function createProfileService({ db, storage, reviews, log }: ProfileServiceDeps) {
  async function settings(user: SessionUser): Promise<TProfileSettings> {
    const row = await findSettings(db, user.id);
    if (!row) throw unauthenticated();
    return row;
  }

  async function setPublicHistory(user: SessionUser, enabled: boolean): Promise<TProfileSettings> {
    const row = await updateSettings(db, user.id, { publicHistoryEnabled: enabled });
    if (!row) throw unauthenticated();
    return row;
  }

  /** Claims `slug` for the caller; another account's slug is 409, even when both claim it at once. */
  async function setSlug(user: SessionUser, slug: string): Promise<TProfileSettings> {
    if (!isValidProfileSlug(slug)) throw appError('INVALID_SLUG', M.invalidSlug, { slug: M.invalidSlug });
    const holder = await findSlugHolder(db, slug);
    if (holder && holder !== user.id) throw appError('SLUG_TAKEN', M.slugTaken, { slug: M.slugTaken });
    try {
      const row = await updateSettings(db, user.id, { publicProfileSlug: slug });
      if (!row) throw unauthenticated();
      return row;
    } catch (err) {
      // Claimed by somebody else between the check and the write: the unique index decides.
      if (isUniqueViolation(err)) throw appError('SLUG_TAKEN', M.slugTaken, { slug: M.slugTaken });
      throw err;
    }
  }

  /**
   * Stores a new picture under a random name and makes it the caller's profileImageUrl, then deletes
   * the one it replaces. The type comes from the bytes alone; what is stored is the picture re-encoded
   * (upright, without metadata, at most 512×512), never the uploaded bytes.
   */
  async function uploadPicture(user: SessionUser, bytes: Buffer): Promise<TUploadProfilePictureResponse> {
    if (bytes.length > PROFILE_PICTURE_MAX_BYTES) throw appError('FILE_TOO_LARGE', messageLine(M.fileTooLarge));
    const type = bytes.length ? await sniffPictureType(bytes) : null;
    if (!type) throw appError('INVALID_FILE_TYPE', messageLine(M.invalidFileType));
    // An image header over bytes that do not decode is not an image either.
    const picture = await reencodePicture(bytes, type).catch((err: unknown) => {
      log?.info({ err }, 'refused a profile picture that does not decode');
      return null;
    });
    if (!picture) throw appError('INVALID_FILE_TYPE', messageLine(M.invalidFileType));
    const name = newPictureName(type);
    await storage.put(pictureStorageKey(name), picture, type);
    let previous: string | null;
    try {
      previous = await replaceImage(db, user.id, pictureUrl(name));
    } catch (err) {
      await storage.delete(pictureStorageKey(name)).catch(() => undefined);
      throw err;
    }
    const old = pictureNameOfUrl(previous);
    if (old && old !== name) {
      // The new picture is in place either way; a leftover file is only wasted space.
      await storage.delete(pictureStorageKey(old)).catch((err: unknown) => {
        log?.warn({ err, name: old }, 'could not delete a replaced profile picture');
      });
    }
    return { profileImageUrl: pictureUrl(name) };
  }

  /** A stored picture by its name, or null (unknown or malformed names alike). */
  async function picture(name: string): Promise<StoredObject | null> {
    if (!PICTURE_NAME.test(name)) return null;
    return storage.get(pictureStorageKey(name));
  }

  async function ownerOf(slug: string) {
    const normalized = slug.toLowerCase();
    const owner = isValidProfileSlug(normalized) ? await findProfileBySlug(db, normalized) : null;
    if (!owner) throw notFound(M.profileNotFound);
    return owner;
  }

  /** Public: what anyone may see about the holder of `slug`. */
  async function publicProfile(slug: string): Promise<TPublicProfile> {
    const owner = await ownerOf(slug);
    const [counts, rate, received] = await Promise.all([
      countTransactionsByStatus(db, owner),
      successRateOf(db, owner),
      reviews.summaryOf(owner.id),
    ]);
    return {
      user: { id: owner.id },
      firstName: owner.firstName,
      lastName: owner.lastName,
      profileImageUrl: owner.image,
      publicProfileSlug: owner.publicProfileSlug!,
      createdAt: owner.createdAt.toISOString(),
      verificationStats: {
        emailVerified: owner.emailVerified,
        phoneVerified: owner.phoneVerified,
        kycStatus: publicKycStatus(owner.kycStatus),
      },
      stats: {
        totalTransactions: counts.total,
        completed: counts.completed,
        successRate: rate,
      },
      reviews: received,
    };
  }

  /** Public: the owner's newest transactions when they made their history public, else none. */
  async function publicTransactions(slug: string): Promise<TPublicTransaction[]> {
    const owner = await ownerOf(slug);
    if (!owner.publicHistoryEnabled) return [];
    const rows = await recentTransactions(db, owner, PUBLIC_HISTORY_LIMIT);
    const roleOf = (r: (typeof rows)[number]) => (r.buyerId === owner.id ? 'buyer' : 'seller');
    // The other party: the seller's account (none while no account holds the address verified), or the buyer.
    const otherOf = (r: (typeof rows)[number]) => (roleOf(r) === 'buyer' ? r.sellerId : r.buyerId);
    const others = await counterpartiesById(db, [...new Set(rows.map(otherOf).filter((id) => id !== null))]);
    // One's own side only: the other party's name, the buyer's description and a dispute (theirs as much
    // as the owner's) are shown only when they publish their history too; otherwise anonymised or left out.
    const consents = (r: (typeof rows)[number]) => {
      const other = otherOf(r);
      return other !== null && others.get(other)?.publicHistoryEnabled === true;
    };
    return rows
      .filter((r) => r.status !== 'disputed' || consents(r))
      .map((r) => {
        const role = roleOf(r);
        const other = otherOf(r);
        const shared = consents(r);
        return {
          id: r.id,
          status: r.status,
          currency: r.currency,
          amount: toDecimal(r.amount, r.currency),
          role,
          description: role === 'buyer' || shared ? r.description : anonymousDescription(r.type),
          counterpartyName: counterpartyName(shared && other !== null ? others.get(other) : undefined),
          createdAt: r.createdAt.toISOString(),
          completedAt: r.completedAt?.toISOString() ?? null,
        };
      });
  }

  return { settings, setPublicHistory, setSlug, uploadPicture, picture, publicProfile, publicTransactions };
}

export type ProfileService = ReturnType<typeof createProfileService>;
