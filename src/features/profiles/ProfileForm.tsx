import type { ParseKeys } from 'i18next';
import { type SubmitEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { profileLimits } from '~/config/limits';
import { apiFetch } from '~/lib/api-client';
import { useTranslation } from 'react-i18next';
import { type IslandI18nProps, withTranslations } from '~/lib/i18n/island';
import { localizePath } from '~/lib/i18n/locales';
import { flashToast } from '~/lib/toast';
import { AreaSearch } from '~/features/areas/AreaSearch';
import { AvatarPicker } from './AvatarPicker';
import { TextField } from '~/components/FormField';
import { PhoneInput } from '~/components/PhoneInput';
import { setProfileCheck } from './profile-check';
import {
	hasChanges,
	initialFormValues,
	type ProfileField,
	type ProfileFieldErrors,
	profileFields,
	type ProfileFormMode,
	type ProfileFormValues,
	saveFailure,
	savedProfileCheck,
	savedProfileTarget,
	validateProfileForm,
} from './profile-form';
import type { ProfileCheck } from './profiles';

export interface ProfileFormProps extends IslandI18nProps {
	/** `complete` on /complete-profile, `edit` on /edit-profile (adds the bio and a cancel link). */
	mode: ProfileFormMode;
	/** The signed-in user's profile check, as the page loaded it. */
	initial: ProfileCheck;
	/** A same-origin path to go to after saving instead of /profile. */
	redirectTo?: string | undefined;
}

/**
 * The profile form for completing and editing a profile: avatar, name, WhatsApp number,
 * district, address (and bio when editing), checked with the shared schema as the person types,
 * saved with `PUT /api/profile`. Needs the `profile` and `form` namespaces.
 */
export const ProfileForm = withTranslations(function ProfileForm({
	locale,
	mode,
	initial,
	redirectTo,
}: ProfileFormProps) {
	const { t } = useTranslation();
	// Schema and server messages are keys only known at run time; an unknown one must not show
	// as a raw key.
	const message = (key: string) =>
		t(key as ParseKeys, { defaultValue: t('profile.setup.invalidInput') });
	const baseId = useId();
	const ids = Object.fromEntries(
		profileFields.map((field) => [field, `${baseId}-${field}`]),
	) as Record<ProfileField, string>;
	const texts = mode === 'complete' ? 'profile.setup' : 'profile.edit';

	const [values, setValues] = useState(() => initialFormValues(initial));
	const [touched, setTouched] = useState<ReadonlySet<ProfileField>>(new Set());
	const [submitted, setSubmitted] = useState(false);
	const [serverErrors, setServerErrors] = useState<ProfileFieldErrors>({});
	const [failure, setFailure] = useState<string | null>(null);
	const [saving, setSaving] = useState(false);

	const { payload, errors } = useMemo(
		() => validateProfileForm(values, initial, mode),
		[values, initial, mode],
	);
	const changed = hasChanges(values, initial);
	const blocked = !payload || Object.keys(serverErrors).length > 0;

	// The photo has no field to leave: a missing one is named as soon as anything changed, since
	// the save button stays disabled until it is picked.
	const shown = (field: ProfileField) =>
		submitted || touched.has(field) || (field === 'imageUrl' && changed);
	const errorOf = (field: ProfileField) => {
		const key = serverErrors[field] ?? (shown(field) ? errors[field] : undefined);
		return key ? message(key) : undefined;
	};
	const touch = (field: ProfileField) => setTouched((set) => new Set(set).add(field));
	const update = (field: ProfileField, patch: Partial<ProfileFormValues>) => {
		setValues((current) => ({ ...current, ...patch }));
		// A server complaint about a field holds until the field changes.
		setServerErrors(({ [field]: _, ...rest }) => rest);
	};
	// Focused after the render that re-enables the fields: a disabled input cannot take focus.
	const focusTarget = useRef<ProfileField | null>(null);
	const focusFirst = (fieldErrors: ProfileFieldErrors) => {
		focusTarget.current = profileFields.find((field) => fieldErrors[field]) ?? null;
	};
	useEffect(() => {
		if (!focusTarget.current) return;
		document.getElementById(ids[focusTarget.current])?.focus();
		focusTarget.current = null;
	});

	async function submit(event: SubmitEvent<HTMLFormElement>) {
		event.preventDefault();
		setSubmitted(true);
		if (!payload) {
			focusFirst(errors);
			return;
		}
		setSaving(true);
		setFailure(null);
		try {
			const response = await apiFetch<unknown>('/profile', {
				method: 'PUT',
				body: JSON.stringify(payload),
			});
			setProfileCheck(savedProfileCheck(initial, payload, values.areaName, response));
			flashToast('success', t(`${texts}.success`));
			// Saving stays on: the button remains disabled while the next page loads.
			window.location.assign(savedProfileTarget(locale, redirectTo));
		} catch (error) {
			const { message: failed, fields } = saveFailure(mode, error);
			setFailure(failed && ('text' in failed ? failed.text : message(failed.key)));
			setServerErrors(fields);
			setSaving(false);
			focusFirst(fields);
		}
	}

	const hintId = `${baseId}-submit-hint`;
	const showHint = changed && blocked && !saving;
	return (
		<form noValidate onSubmit={submit} aria-busy={saving} className="flex flex-col gap-4">
			<fieldset disabled={saving} className="flex min-w-0 flex-col gap-2">
				<AvatarPicker
					id={ids.imageUrl}
					t={t}
					src={values.newAvatar ?? initial.profile.imageUrl}
					name={values.name}
					onPick={(newAvatar) => {
						update('imageUrl', { newAvatar });
						touch('imageUrl');
					}}
					error={errorOf('imageUrl')}
				/>
				<TextField
					id={ids.name}
					label={t('profile.fields.name')}
					autoComplete="name"
					required
					value={values.name}
					onChange={(name) => update('name', { name })}
					onBlur={() => touch('name')}
					error={errorOf('name')}
				/>
				<PhoneInput
					id={ids.phone}
					label={t('profile.fields.phone')}
					hint={t('profile.fields.phoneHint')}
					value={values.phoneDigits}
					onChange={(phoneDigits) => update('phone', { phoneDigits })}
					onBlur={() => touch('phone')}
					error={errorOf('phone')}
				/>
				<AreaSearch
					id={ids.areaId}
					t={t}
					value={values.areaId ? { id: values.areaId, name: values.areaName } : null}
					onChange={(area) =>
						update('areaId', { areaId: area?.id ?? '', areaName: area?.name ?? '' })
					}
					onBlur={() => touch('areaId')}
					error={errorOf('areaId')}
				/>
				<TextField
					id={ids.address}
					label={t('profile.fields.address')}
					hint={t('profile.fields.addressHint')}
					autoComplete="street-address"
					multiline
					required
					value={values.address}
					onChange={(address) => update('address', { address })}
					onBlur={() => touch('address')}
					error={errorOf('address')}
				/>
				{mode === 'edit' && (
					<TextField
						id={ids.bio}
						label={t('profile.fields.bio')}
						hint={t('profile.fields.bioHint')}
						aside={`${values.bio.length}/${profileLimits.bioMax}`}
						multiline
						value={values.bio}
						onChange={(bio) => update('bio', { bio })}
						onBlur={() => touch('bio')}
						error={errorOf('bio')}
					/>
				)}
			</fieldset>
			{failure && (
				<div role="alert" className="alert alert-error">
					{failure}
				</div>
			)}
			{showHint && (
				<p id={hintId} className="text-sm text-base-content/75">
					{t('profile.fields.incompleteHint')}
				</p>
			)}
			<div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
				{mode === 'edit' && (
					<a href={localizePath('/profile', locale)} className="btn h-11 btn-ghost">
						{t('profile.edit.cancel')}
					</a>
				)}
				<button
					type="submit"
					className="btn h-11 btn-primary"
					disabled={saving || !changed || blocked}
					aria-describedby={showHint ? hintId : undefined}
				>
					{saving && <span className="loading loading-sm loading-spinner" aria-hidden="true" />}
					{t(saving ? `${texts}.saving` : `${texts}.submit`)}
				</button>
			</div>
		</form>
	);
});
