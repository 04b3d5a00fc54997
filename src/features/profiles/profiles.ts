import { z } from 'zod/mini';
import { profileLimits } from '~/config/limits';
import { optionalText, requiredText, storableText } from '~/lib/text-fields';
import { isProfileComplete } from '~/lib/profile-completeness';
import type { profileCheckSchema, publicProfileSchema } from './profiles.routes';

/** A WhatsApp number of Indonesia: +62, a digit 1–9, then 9 to 11 digits. */
export const phonePattern = /^\+62[1-9]\d{9,11}$/;

/**
 * Normalizes what people type into `+62…`: spaces and dashes dropped, a leading 0 or 62
 * becomes +62, and +62 is prepended when missing.
 */
export function normalizePhone(input: string): string {
	const digits = input.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
	if (digits.startsWith('+')) return digits;
	if (digits.startsWith('62')) return `+${digits}`;
	if (digits.startsWith('0')) return `+62${digits.slice(1)}`;
	return digits ? `+62${digits}` : '';
}

/** The digits after +62, as typed in the phone field (at most 12). */
export function phoneLocalDigits(phone: string): string {
	return normalizePhone(phone)
		.replace(/^\+62/, '')
		.replace(/\D/g, '')
		.slice(0, profileLimits.phoneMaxDigits);
}

/** `81234567890` → `812-3456-7890`: groups of 3, 4, 4 and the rest, as the field shows them. */
export function formatPhoneDigits(digits: string): string {
	return [digits.slice(0, 3), digits.slice(3, 7), digits.slice(7, 11), digits.slice(11)]
		.filter(Boolean)
		.join('-');
}

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

/**
 * Whether a save leaves a complete profile without a photo. Completing a profile may skip it;
 * editing one that has none asks for it (docs/product-rules.md#profile-limits). `imageUrl` is
 * the one sent, which keeps the saved photo when left out.
 */
export function avatarMissing(saved: OwnProfile, imageUrl: string | null | undefined): boolean {
	return isProfileComplete(saved) && !saved.imageUrl && !imageUrl;
}

/** The first message key per field, for showing one error under each input. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
	const errors: Record<string, string> = {};
	for (const issue of issues) {
		const field = String(issue.path[0] ?? '');
		if (field && !errors[field]) errors[field] = issue.message;
	}
	return errors;
}
