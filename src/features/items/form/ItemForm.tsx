import type { ParseKeys } from 'i18next';
import { type SubmitEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { itemLimits } from '~/config/limits';
import { TextField } from '~/components/FormField';
import { useTranslation } from 'react-i18next';
import { type IslandI18nProps, withTranslations } from '~/lib/i18n/island';
import { localizePath } from '~/lib/i18n/locales';
import { ApiError, apiFetch } from '~/lib/api-client';
import { flashToast } from '~/lib/toast';
import { leavePushOffer } from '~/features/notifications/push-offer-flag';
import type { ValidItem } from '../item-schemas';
import type { Item } from '../items';
import { HumanCheck, type HumanCheckState } from '~/features/verification/HumanCheck';
import { type AreaChoice, AreaSearch } from '~/features/areas/AreaSearch';
import {
	type EditableItem,
	firstInvalidField,
	hasItemChanges,
	initialItemValues,
	type ItemFieldErrors,
	type ItemFormField,
	itemFormFields,
	type ItemFormMode,
	type ItemFormValues,
	photoRoom,
	photoSelectionError,
	validateItemForm,
} from './item-form';
import { itemFormData, itemSaveFailure } from './item-submit';
import {
	CategoryField,
	ChoosingField,
	ConditionField,
	MeasurementFields,
	MoneyWarning,
	UploadProgress,
} from './ItemFields';
import { PhotoPicker } from './PhotoPicker';
import { presetFields, withSizePreset } from './size-presets';
import { uploadForm } from './upload';
import { usePhotoSelection, useSharedPhotos } from './use-photo-selection';

export interface ItemFormProps extends IslandI18nProps {
	/** `add` on /donate-item, `edit` on /my-items/{id}/edit. */
	mode: ItemFormMode;
	/** The item being edited, as the page loaded it. */
	item?: EditableItem | null;
	/** The pickup district it opens with: the item's own, or the donor's profile district. */
	pickupArea?: AreaChoice | null;
	/**
	 * A need the new item answers (`/donate-item?need={id}`): the form starts from its title,
	 * details, category and quantity, and the item listed is offered to it.
	 */
	forNeed?: NeedToAnswer | null;
}

/** What the item form takes over from a need it answers. */
export interface NeedToAnswer {
	id: number;
	title: string;
	description: string;
	category: ItemFormValues['category'];
	quantity: number;
}

/** A new item's values, taken from the need it answers. */
function valuesForNeed(values: ItemFormValues, need: NeedToAnswer | null): ItemFormValues {
	if (!need) return values;
	return {
		...values,
		name: need.title.slice(0, itemLimits.nameMax),
		description: need.description.slice(0, itemLimits.descriptionMax),
		category: need.category,
		quantity: String(Math.min(need.quantity, itemLimits.quantityMax)),
	};
}

/**
 * The add and edit item forms: name, description, category, condition, weight and sizes (which
 * size presets can fill), quantity, the
 * pickup district and 1–5 photos, checked with the shared schema as the owner types. Adding asks for human verification
 * first (a submit while the check is at work waits for it); saving uploads as multipart with a
 * progress bar and goes to /my-items. Needs the `itemForm`, `item`, `form`
 * and `profile` (the district search's texts) namespaces.
 */
export const ItemForm = withTranslations(function ItemForm({
	locale,
	mode,
	item = null,
	pickupArea = null,
	forNeed = null,
}: ItemFormProps) {
	const { t } = useTranslation();
	// Schema and server messages are keys only known at run time; an unknown one must not show
	// as a raw key.
	const message = (key: string) =>
		t(key as ParseKeys, { defaultValue: t('itemForm.errors.invalidInput') });
	const baseId = useId();
	const ids = Object.fromEntries(
		itemFormFields.map((field) => [field, `${baseId}-${field}`]),
	) as Record<ItemFormField, string>;

	const [values, setValues] = useState(() =>
		valuesForNeed(initialItemValues(item, pickupArea?.id), forNeed),
	);
	const [pickupName, setPickupName] = useState(pickupArea?.name ?? '');
	const [check, setCheck] = useState<HumanCheckState>({ token: null, pending: true });
	// A new key remounts the human check: a token is spent by a create attempt.
	const [checkKey, setCheckKey] = useState(0);
	// Submitted while the check was still at work: the save starts when it ends.
	const [awaitingCheck, setAwaitingCheck] = useState(false);
	const [touched, setTouched] = useState<ReadonlySet<ItemFormField>>(new Set());
	const [submitted, setSubmitted] = useState(false);
	const [serverErrors, setServerErrors] = useState<ItemFieldErrors>({});
	const [failure, setFailure] = useState<string | null>(null);
	const [saving, setSaving] = useState(false);
	const [progress, setProgress] = useState(0);

	const sharedPhotos = useSharedPhotos(mode);
	const photos = usePhotoSelection(item, () => {
		touch('files');
		clearServerError('files');
	});
	const { selection } = photos;
	const validation = useMemo(() => validateItemForm(values, mode), [values, mode]);
	const photosError = photoSelectionError(selection);
	const errors: ItemFieldErrors = { ...validation.errors };
	if (photosError) errors.files = photosError;
	if (mode === 'add' && !check.token && !check.pending) {
		errors.verificationToken = 'itemForm.verification.required';
	}
	const changed = mode === 'add' || (item !== null && hasItemChanges(values, item, selection));

	const errorOf = (field: ItemFormField) => {
		const key =
			serverErrors[field] ?? (submitted || touched.has(field) ? errors[field] : undefined);
		return key ? message(key) : undefined;
	};
	const touch = (field: ItemFormField) => setTouched((set) => new Set(set).add(field));
	// A server complaint about a field holds until the field changes.
	const clearServerError = (field: ItemFormField) =>
		setServerErrors(({ [field]: _, ...rest }) => rest);
	const update = (field: keyof ItemFormValues, value: string) => {
		setValues((current) => ({ ...current, [field]: value }));
		clearServerError(field);
	};

	// After a failed save, focused once the render re-enabled the fields: a disabled input cannot
	// take focus.
	const focusTarget = useRef<string | null>(null);
	useEffect(() => {
		if (!focusTarget.current) return;
		document.getElementById(focusTarget.current)?.focus();
		focusTarget.current = null;
	});
	const failureId = `${baseId}-failure`;
	const busy = saving || awaitingCheck;

	// The fields are locked while the form waits, so the payload checked on submit still holds.
	useEffect(() => {
		if (!awaitingCheck || check.pending) return;
		setAwaitingCheck(false);
		if (check.token && validation.payload) void save(validation.payload, check.token);
		else focusTarget.current = ids.verificationToken;
	});

	function submit(event: SubmitEvent<HTMLFormElement>) {
		event.preventDefault();
		setSubmitted(true);
		const invalid = firstInvalidField({ ...errors, ...serverErrors });
		if (invalid || !validation.payload) {
			if (invalid) document.getElementById(ids[invalid])?.focus();
			return;
		}
		// Without a token and without an error, the check is still at work: it is waited for.
		if (mode === 'add' && !check.token) setAwaitingCheck(true);
		else void save(validation.payload, check.token);
	}

	async function save(payload: ValidItem, verificationToken: string | null) {
		setSaving(true);
		setFailure(null);
		setProgress(0);
		try {
			const body = itemFormData(payload, {
				files: photos.added.map((photo) => photo.file),
				...(mode === 'edit'
					? { deletedImages: [...photos.removed] }
					: { verificationToken: verificationToken ?? '' }),
			});
			const saved = await uploadForm<Item>({
				method: mode === 'add' ? 'POST' : 'PUT',
				path: mode === 'add' ? '/items' : `/items/${item?.id}`,
				body,
				locale,
				onProgress: setProgress,
			});
			flashToast('success', t(mode === 'add' ? 'itemForm.add.created' : 'itemForm.edit.updated'));
			if (forNeed && mode === 'add') {
				await offerToNeed(forNeed, saved);
				return;
			}
			// `/my-items` then asks whether to hear when someone asks for the item.
			if (mode === 'add') leavePushOffer('listing');
			// Saving stays on: the button remains disabled while the next page loads.
			window.location.assign(localizePath('/my-items', locale));
		} catch (error) {
			const { message: failed, fields } = itemSaveFailure(mode, error);
			const text = 'text' in failed ? failed.text : t(failed.key as ParseKeys);
			setFailure(text);
			setServerErrors(fields);
			setSaving(false);
			if (mode === 'add') {
				setCheck({ token: null, pending: true });
				setCheckKey((key) => key + 1);
			}
			// The pressed button was disabled while saving: the focus goes to what needs attention.
			const invalid = firstInvalidField(fields);
			focusTarget.current = invalid ? ids[invalid] : failureId;
		}
	}

	/** Offers the item just listed to the need it answers, then shows the need. */
	async function offerToNeed(need: NeedToAnswer, listed: Item) {
		try {
			await apiFetch(`/needs/${need.id}/offers`, {
				method: 'POST',
				body: JSON.stringify({
					itemId: listed.id,
					quantity: Math.min(need.quantity, listed.quantity),
				}),
			});
		} catch (error) {
			// The item is listed all the same; the need's page lets the donor offer it again.
			flashToast(
				'error',
				error instanceof ApiError && error.message ? error.message : t('itemForm.offerFailed'),
			);
		}
		window.location.assign(localizePath(`/needs/${need.id}`, locale));
	}

	function cancel() {
		// Back to wherever the owner came from; a direct visit has nowhere to go back to.
		if (window.history.length > 1) window.history.back();
		else window.location.assign(localizePath('/my-items', locale));
	}

	return (
		<form noValidate onSubmit={submit} aria-busy={busy} className="flex flex-col gap-4">
			<fieldset disabled={busy} className="flex min-w-0 flex-col gap-2">
				<TextField
					id={ids.name}
					label={t('itemForm.fields.name')}
					hint={t('itemForm.fields.nameHint')}
					required
					value={values.name}
					onChange={(name) => update('name', name)}
					onBlur={() => touch('name')}
					error={errorOf('name')}
				/>
				<TextField
					id={ids.description}
					label={t('itemForm.fields.description')}
					hint={t('itemForm.fields.descriptionHint')}
					aside={`${values.description.length}/${itemLimits.descriptionMax}`}
					multiline
					required
					value={values.description}
					onChange={(description) => update('description', description)}
					onBlur={() => touch('description')}
					error={errorOf('description')}
				/>
				<MoneyWarning t={t} name={values.name} description={values.description} />
				<CategoryField
					t={t}
					id={ids.category}
					value={values.category}
					onChange={(category) => update('category', category)}
					error={errorOf('category')}
				/>
				<ConditionField
					t={t}
					id={ids.condition}
					value={values.condition}
					required={mode === 'add'}
					onChange={(condition) => update('condition', condition)}
					onBlur={() => touch('condition')}
					error={errorOf('condition')}
				/>
				<MeasurementFields
					t={t}
					mode={mode}
					ids={ids}
					values={values}
					onChange={update}
					onPreset={(preset) => {
						setValues((current) => withSizePreset(current, preset));
						for (const field of presetFields) clearServerError(field);
					}}
					onBlur={touch}
					errorOf={errorOf}
				/>
				<ChoosingField
					t={t}
					id={ids.chooseAfterHours}
					value={values.chooseAfterHours}
					onChange={(hours) => update('chooseAfterHours', hours)}
					error={errorOf('chooseAfterHours')}
				/>
				<AreaSearch
					id={ids.pickupDistrict}
					t={t}
					label={t('itemForm.fields.pickupDistrict')}
					hint={t('itemForm.fields.pickupDistrictHint')}
					source="/places/districts/search"
					value={values.pickupDistrict ? { id: values.pickupDistrict, name: pickupName } : null}
					onChange={(area) => {
						update('pickupDistrict', area?.id ?? '');
						setPickupName(area?.name ?? '');
					}}
					onBlur={() => touch('pickupDistrict')}
					error={errorOf('pickupDistrict')}
				/>
				<PhotoPicker
					id={ids.files}
					t={t}
					saved={photos.saved}
					removed={photos.removed}
					added={photos.added}
					room={photoRoom(selection)}
					onAdd={photos.add}
					onRemoveAdded={photos.removeAdded}
					onToggleSaved={photos.toggleSaved}
					shared={sharedPhotos}
					error={errorOf('files')}
				/>
				{mode === 'add' && (
					<HumanCheck
						key={checkKey}
						id={ids.verificationToken}
						t={t}
						locale={locale}
						onChange={(next) => {
							setCheck(next);
							if (next.token) clearServerError('verificationToken');
						}}
						error={errorOf('verificationToken')}
					/>
				)}
			</fieldset>
			{failure && (
				<div id={failureId} role="alert" tabIndex={-1} className="alert alert-error">
					{failure}
				</div>
			)}
			{saving && <UploadProgress t={t} id={`${baseId}-progress`} fraction={progress} />}
			<div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
				{mode === 'edit' ? (
					<a href={localizePath('/my-items', locale)} className="btn h-11 btn-ghost">
						{t('itemForm.cancel')}
					</a>
				) : (
					<button type="button" className="btn h-11 btn-ghost" onClick={cancel} disabled={saving}>
						{t('itemForm.cancel')}
					</button>
				)}
				<button type="submit" className="btn h-11 btn-primary" disabled={busy || !changed}>
					{busy && <span className="loading loading-sm loading-spinner" aria-hidden="true" />}
					{t(busy ? 'itemForm.saving' : `itemForm.${mode}.submit`)}
				</button>
			</div>
		</form>
	);
});
