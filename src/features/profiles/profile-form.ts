/**
 * The rules of the profile form (complete and edit), kept apart from the React island so they
 * can be tested without a browser: values, change detection, validation, payload, server errors.
 */
import { ApiError } from '~/lib/api-client';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import { fieldErrors } from '~/lib/field-errors';
import { phoneLocalDigits } from '~/lib/phone';
import {
	avatarMissing,
	type ProfileCheck,
	type ProfileInput,
	profileInputSchema,
	type ValidProfile,
} from './profiles';

export type ProfileFormMode = 'complete' | 'edit';

/** What the form holds while the user types. */
export interface ProfileFormValues {
	name: string;
	/** The digits after the fixed +62. */
	phoneDigits: string;
	areaId: string;
	areaName: string;
	address: string;
	bio: string;
	/** A newly picked avatar as a JPEG `data:` URL; null keeps the current one. */
	newAvatar: string | null;
}

/** The fields in the order they appear, named as the API names them. */
export const profileFields = ['imageUrl', 'name', 'phone', 'areaId', 'address', 'bio'] as const;
export type ProfileField = (typeof profileFields)[number];
export type ProfileFieldErrors = Partial<Record<ProfileField, string>>;

/** The form's starting values from the saved profile. */
export function initialFormValues({ profile }: ProfileCheck): ProfileFormValues {
	return {
		name: profile.name ?? '',
		phoneDigits: profile.phone ? phoneLocalDigits(profile.phone) : '',
		areaId: profile.areaId ?? '',
		areaName: profile.areaName ?? '',
		address: profile.address ?? '',
		bio: profile.bio ?? '',
		newAvatar: null,
	};
}

/** Whether anything differs from the saved profile, so there is something to save. */
export function hasChanges(values: ProfileFormValues, initial: ProfileCheck): boolean {
	const saved = initialFormValues(initial);
	return (
		values.newAvatar !== null ||
		values.name !== saved.name ||
		values.phoneDigits !== saved.phoneDigits ||
		values.areaId !== saved.areaId ||
		values.address !== saved.address ||
		values.bio !== saved.bio
	);
}

/**
 * What `PUT /profile` receives before validation. The bio is edited only in edit mode; completion
 * sends the saved one back so it is kept.
 */
export function profileInput(
	values: ProfileFormValues,
	initial: ProfileCheck,
	mode: ProfileFormMode,
): ProfileInput {
	return {
		name: values.name,
		phone: values.phoneDigits ? `+62${values.phoneDigits}` : '',
		address: values.address,
		areaId: values.areaId,
		imageUrl: values.newAvatar ?? initial.profile.imageUrl,
		bio: mode === 'edit' ? values.bio : initial.profile.bio,
	};
}

/** The form checked with the shared schema: the payload to send, or a message key per field. */
export function validateProfileForm(
	values: ProfileFormValues,
	initial: ProfileCheck,
	mode: ProfileFormMode,
): { payload: ValidProfile | null; errors: ProfileFieldErrors } {
	const input = profileInput(values, initial, mode);
	const result = profileInputSchema.safeParse(input);
	const errors: ProfileFieldErrors = result.success ? {} : fieldErrors(result.error.issues);
	if (avatarMissing(initial.profile, input.imageUrl)) {
		errors.imageUrl ??= 'form.errors.imageUrlRequired';
	}
	if (!result.success || Object.keys(errors).length > 0) return { payload: null, errors };
	// An emptied bio is removed rather than saved as an empty text.
	return { payload: { ...result.data, bio: result.data.bio || null }, errors: {} };
}

/**
 * What a failed save shows: field errors, or, when none names a field the form shows, one message
 * above the form (a translation key or the server's own text). Never both for one failure.
 */
export interface SaveFailure {
	message: { key: string } | { text: string } | null;
	fields: ProfileFieldErrors;
}

/** The fields each form shows; completion leaves the bio out. */
const shownFields: Record<ProfileFormMode, readonly ProfileField[]> = {
	complete: profileFields.filter((field) => field !== 'bio'),
	edit: profileFields,
};

const isProfileField = (name: string): name is ProfileField =>
	(profileFields as readonly string[]).includes(name);

/**
 * Maps a failed `PUT /profile` to what the form shows, saying it once
 * (docs/product-rules.md#form-error-messages).
 */
export function saveFailure(mode: ProfileFormMode, error: unknown): SaveFailure {
	const failure = failureOf(mode, error);
	const onField = shownFields[mode].some((field) => failure.fields[field]);
	return onField ? { message: null, fields: failure.fields } : failure;
}

function failureOf(mode: ProfileFormMode, error: unknown): SaveFailure {
	const api = error instanceof ApiError ? error : null;
	const fields: ProfileFieldErrors = {};
	for (const [name, key] of Object.entries(api?.fields ?? {})) {
		if (isProfileField(name)) fields[name] = key;
	}
	const fail = (key: string, field?: ProfileField): SaveFailure => ({
		message: { key },
		fields: field ? { ...fields, [field]: key } : fields,
	});
	switch (`${mode}:${api?.code}`) {
		case 'complete:VALIDATION_ERROR':
			return {
				message: api?.message ? { text: api.message } : { key: 'profile.setup.invalidInput' },
				fields,
			};
		case 'complete:DUPLICATE_PHONE':
		case 'edit:DUPLICATE_PHONE':
			return fail('profile.setup.phoneInUse', 'phone');
		case 'complete:INVALID_AREA':
			return fail('profile.setup.invalidArea', 'areaId');
		case 'edit:INVALID_IMAGE_FORMAT':
			return fail('profile.errors.invalidImageType', 'imageUrl');
		case 'edit:IMAGE_TOO_LARGE':
			return fail('profile.errors.imageTooLarge', 'imageUrl');
		default:
			return fail(mode === 'complete' ? 'profile.setup.error' : 'profile.edit.error');
	}
}

/**
 * Where to go after saving: the page that sent the visitor here, or their profile, in their
 * language. Only same-origin paths are followed.
 */
export function savedProfileTarget(locale: Locale, redirectTo?: string): string {
	const sameOrigin = redirectTo && /^\/(?![/\\])/.test(redirectTo);
	return localizePath(sameOrigin ? redirectTo : '/profile', locale);
}

/**
 * The profile check after a save: the server's answer when it sends one, else the saved values
 * applied to the check the form started from.
 */
export function savedProfileCheck(
	initial: ProfileCheck,
	payload: ValidProfile,
	areaName: string,
	response: unknown,
): ProfileCheck {
	if (
		response &&
		typeof response === 'object' &&
		'isComplete' in response &&
		'profile' in response
	) {
		return response as ProfileCheck;
	}
	return {
		...initial,
		isComplete: true,
		profile: {
			...initial.profile,
			name: payload.name,
			phone: payload.phone,
			address: payload.address,
			areaId: payload.areaId,
			areaName,
			imageUrl: payload.imageUrl ?? null,
			bio: payload.bio ?? null,
		},
	};
}
