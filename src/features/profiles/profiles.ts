import { z } from 'zod/mini';
import { profileLimits } from '~/config/limits';
import type { Badge, DonorStats } from '~/features/heroes/heroes';
import { optionalText, requiredText, storableText } from '~/lib/text-fields';
import { isProfileComplete } from '~/lib/profile-completeness';
import { normalizePhone, phonePattern } from '~/lib/phone';

const isAvatarSource = (value: string) =>
	value.startsWith('data:image/') || /^https?:\/\//.test(value) || value.startsWith('/media/');

/** The profile form, checked the same way in the browser and by `PUT /profile`. */
export const profileInputSchema = z.object({
	name: requiredText('name', profileLimits.nameMin, profileLimits.nameMax),
	phone: z.pipe(
		z.string('form.errors.phoneRequired').check(z.minLength(1, 'form.errors.phoneRequired')),
		z.pipe(
			z.transform((value: string) => normalizePhone(value)),
			z.string().check(z.regex(phonePattern, 'form.errors.phoneInvalid')),
		),
	),
	address: requiredText('address', profileLimits.addressMin, profileLimits.addressMax),
	areaId: z
		.string('form.errors.areaRequired')
		.check(z.trim(), storableText, z.minLength(1, 'form.errors.areaRequired')),
	imageUrl: z.optional(
		z.nullable(
			z
				.string('form.errors.imageUrlInvalid')
				.check(storableText, z.refine(isAvatarSource, 'form.errors.imageUrlInvalid')),
		),
	),
	bio: optionalText('bio', profileLimits.bioMax),
});

export type ProfileInput = z.input<typeof profileInputSchema>;
export type ValidProfile = z.output<typeof profileInputSchema>;

/** The signed-in user's own profile, as `GET /profile/check` returns it. */
export interface OwnProfile {
	name: string | null;
	phone: string | null;
	address: string | null;
	areaId: string | null;
	areaName: string | null;
	imageUrl: string | null;
	email: string | null;
	bio: string | null;
}

export interface ProfileCheck {
	isComplete: boolean;
	createdAt: string;
	userId: string;
	profile: OwnProfile;
}

export interface PublicProfile {
	id: string;
	name: string;
	avatar: string | null;
	joinedAt: string;
	bio: string | null;
	stats: DonorStats;
	badges: Badge[];
}

/**
 * Whether a save leaves a complete profile without a photo. Completing a profile may skip it;
 * editing one that has none asks for it (docs/product-rules.md#profile-limits). `imageUrl` is
 * the one sent, which keeps the saved photo when left out.
 */
export function avatarMissing(saved: OwnProfile, imageUrl: string | null | undefined): boolean {
	return isProfileComplete(saved) && !saved.imageUrl && !imageUrl;
}
