import { and, eq, ne } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { profileLimits } from '~/config/limits';
import type { AreaDirectory } from '~/features/areas/areas.server';
import { donorStats } from '~/features/heroes/impact.server';
import type { Database } from '~/server/db/client';
import { users } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { reencodeImage } from '~/server/images';
import { isProfileComplete } from '~/lib/profile-completeness';
import { findUser, type UserRow } from '~/server/auth/users';
import {
	deleteFiles,
	isStorageKey,
	mediaKeyOf,
	mediaUrl,
	newStorageKey,
	type Storage,
} from '~/server/storage';
import { fieldErrors } from '~/lib/field-errors';
import {
	avatarMissing,
	type MemberStanding,
	type OwnProfile,
	type ProfileCheck,
	profileInputSchema,
	type PublicProfile,
} from './profiles';

function ownProfile(user: UserRow): OwnProfile {
	return {
		name: user.name,
		phone: user.phone,
		address: user.address,
		areaId: user.areaId,
		areaName: user.areaName,
		imageUrl: mediaUrl(user.avatarKey),
		email: user.email,
		bio: user.bio,
	};
}

/** `GET /profile/check`: whether the profile is complete, and the profile itself. */
export function profileCheck(user: UserRow): ProfileCheck {
	const profile = ownProfile(user);
	return {
		isComplete: isProfileComplete(profile),
		createdAt: user.createdAt.toISOString(),
		userId: user.id,
		profile,
	};
}

/** WhatsApp needs a mobile number; libphonenumber knows Indonesia's numbering plan. */
function isIndonesianMobile(phone: string): boolean {
	const parsed = parsePhoneNumberFromString(phone);
	return Boolean(
		parsed?.isValid() &&
		parsed.country === 'ID' &&
		['MOBILE', 'FIXED_LINE_OR_MOBILE'].includes(parsed.getType() ?? ''),
	);
}

const dataUrlPattern = /^data:image\/[\w.+-]+;base64,([A-Za-z0-9+/=\s]+)$/;

/** Stores a new avatar from a data URL: checked from its bytes, re-encoded, metadata dropped. */
async function storeAvatar(storage: Storage, dataUrl: string): Promise<string> {
	const base64 = dataUrlPattern.exec(dataUrl)?.[1];
	if (!base64) throw new AppError('INVALID_IMAGE_FORMAT');
	const bytes = Buffer.from(base64, 'base64');
	if (bytes.length > profileLimits.avatarMaxBytes) throw new AppError('IMAGE_TOO_LARGE');
	const image = await reencodeImage(bytes, [profileLimits.avatarMaxDimension], {
		maxBytes: profileLimits.avatarMaxBytes,
		square: true,
	});
	const key = `${newStorageKey('avatars')}.webp`;
	await storage.put(key, image.variants[0]!.data, 'image/webp');
	return key;
}

/** The avatar the update keeps: a new upload, the current one, or none. */
async function resolveAvatar(
	storage: Storage,
	current: string | null,
	imageUrl: string | null | undefined,
): Promise<string | null> {
	if (imageUrl === undefined || imageUrl === null) return current;
	if (imageUrl.startsWith('data:')) return storeAvatar(storage, imageUrl);
	const key = mediaKeyOf(imageUrl);
	if (key && key === current && isStorageKey(key)) return current;
	// Outside pictures are not hot-linked: they would tell a third party who views the profile.
	throw new AppError('INVALID_IMAGE_FORMAT', { imageUrl: 'form.errors.imageUrlInvalid' });
}

/** `PUT /profile`: validates, checks phone and area, stores the avatar, saves. */
export async function updateProfile(
	deps: { db: Database; storage: Storage; areas: AreaDirectory },
	user: UserRow,
	body: unknown,
): Promise<ProfileCheck> {
	const parsed = profileInputSchema.safeParse(body);
	if (!parsed.success) {
		throw new AppError('VALIDATION_ERROR', fieldErrors(parsed.error.issues));
	}
	const input = parsed.data;
	if (avatarMissing(ownProfile(user), input.imageUrl)) {
		throw new AppError('VALIDATION_ERROR', { imageUrl: 'form.errors.imageUrlRequired' });
	}
	if (!isIndonesianMobile(input.phone)) {
		throw new AppError('VALIDATION_ERROR', { phone: 'form.errors.phoneInvalid' });
	}
	const area = await deps.areas.get(input.areaId);
	if (!area) throw new AppError('INVALID_AREA', { areaId: 'form.errors.areaInvalid' });
	const [phoneOwner] = await deps.db
		.select({ id: users.id })
		.from(users)
		.where(and(eq(users.phone, input.phone), ne(users.id, user.id)));
	if (phoneOwner) throw new AppError('DUPLICATE_PHONE', { phone: 'form.errors.phoneInUse' });

	const avatarKey = await resolveAvatar(deps.storage, user.avatarKey, input.imageUrl);
	try {
		const [updated] = await deps.db
			.update(users)
			.set({
				name: input.name,
				phone: input.phone,
				address: input.address,
				areaId: area.id,
				areaName: area.name,
				avatarKey,
				bio: input.bio === undefined ? user.bio : input.bio || null,
				updatedAt: new Date(),
			})
			.where(eq(users.id, user.id))
			.returning();
		if (avatarKey !== user.avatarKey && user.avatarKey) {
			await deleteFiles(deps.storage, [user.avatarKey]);
		}
		return profileCheck(updated!);
	} catch (error) {
		if (avatarKey !== user.avatarKey && avatarKey) await deps.storage.delete(avatarKey);
		if (isUniqueViolation(error)) {
			throw new AppError('DUPLICATE_PHONE', { phone: 'form.errors.phoneInUse' });
		}
		throw error;
	}
}

function isUniqueViolation(error: unknown): boolean {
	const code =
		(error as { code?: unknown; cause?: { code?: unknown } })?.code ??
		(error as { cause?: { code?: unknown } })?.cause?.code;
	return code === '23505';
}

/**
 * A member's standing, the one reading of it both profile pages and `GET /profile/{userId}` show
 * (docs/product-rules.md#public-profile): joined date, verified giver or not, all-time rank, badges
 * and the figures behind them. Null for someone nobody may see: unknown, without a name, or
 * leaving.
 */
export async function memberStanding(
	db: Database,
	userId: string,
	badgeText: Parameters<typeof donorStats>[2],
): Promise<{ user: UserRow; standing: MemberStanding } | null> {
	// Read at once: each wait for the database is a wait behind every other request served.
	const [user, { stats, badges }] = await Promise.all([
		findUser(db, userId),
		donorStats(db, userId, badgeText),
	]);
	// Accounts being deleted are out of sight at once; purged ones have no name left.
	if (!user || !user.name || user.deletionRequestedAt) return null;
	return {
		user,
		standing: {
			joinedAt: user.createdAt.toISOString(),
			verified: badges.some((badge) => badge.id === 'VERIFIED'),
			stats,
			badges,
		},
	};
}

/** `GET /profile/{userId}`: what anyone may see of a member; never email or phone. */
export async function publicProfile(
	db: Database,
	userId: string,
	badgeText: Parameters<typeof donorStats>[2],
): Promise<PublicProfile | null> {
	const member = await memberStanding(db, userId, badgeText);
	if (!member) return null;
	const { user, standing } = member;
	return {
		id: user.id,
		name: user.name!,
		avatar: mediaUrl(user.avatarKey),
		bio: user.bio,
		...standing,
	};
}
