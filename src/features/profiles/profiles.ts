import { z } from 'zod/mini';
import { profileLimits } from '~/config/limits';
import { optionalText, requiredText, storableText } from '~/lib/text-fields';
import { isProfileComplete } from '~/lib/profile-completeness';
import { normalizePhone, phonePattern } from '~/lib/phone';
import type { profileCheckSchema, publicProfileSchema } from './profiles.routes';

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

/** What `GET /profile/check` answers: the signed-in user's own profile and whether it is complete. */
export type ProfileCheck = z.output<typeof profileCheckSchema>;

/** The signed-in user's own profile, as `GET /profile/check` returns it. */
export type OwnProfile = ProfileCheck['profile'];

/** A member's public profile, as `GET /profile/{userId}` returns it. */
export type PublicProfile = z.output<typeof publicProfileSchema>;

/** What both profile pages say of a member's standing, read once by `memberStanding`. */
export type MemberStanding = Pick<PublicProfile, 'joinedAt' | 'verified' | 'stats' | 'badges'>;

/**
 * Whether a save leaves a complete profile without a photo. Completing a profile may skip it;
 * editing one that has none asks for it (docs/product-rules.md#profile-limits). `imageUrl` is
 * the one sent, which keeps the saved photo when left out.
 */
export function avatarMissing(saved: OwnProfile, imageUrl: string | null | undefined): boolean {
	return isProfileComplete(saved) && !saved.imageUrl && !imageUrl;
}
