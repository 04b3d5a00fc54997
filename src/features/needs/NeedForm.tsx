import type { ParseKeys } from 'i18next';
import { type SubmitEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '~/components/FormField';
import { needLimits } from '~/config/limits';
import { ApiError, apiFetch } from '~/lib/api-client';
import { fieldErrors } from '~/lib/field-errors';
import { type IslandI18nProps, withTranslations } from '~/lib/i18n/island';
import { localizePath } from '~/lib/i18n/locales';
import { flashToast } from '~/lib/toast';
import { type AreaChoice, AreaSearch } from '~/features/areas/AreaSearch';
import { CategoryField, MoneyWarning } from '~/features/items/form/ItemFields';
import type { Category } from '~/features/items/items';
import { type Need, needInputSchema, type NeedReach, type NeedUrgency } from './needs';
import { useHydrated } from '~/lib/hydrated';

export interface NeedFormProps extends IslandI18nProps {
	/** The need being edited; none when posting. */
	need?: Need | null;
	/** The district it opens with: the need's own, or the person's profile district. */
	area?: AreaChoice | null;
	/** The person's verified organisation and how many of one thing it may ask for. */
	organisation?: { name: string; quantityMax: number } | null;
}

/** Reads a chosen photo as a data URL, the way the API takes it. */
function readAsDataUrl(file: File): Promise<string> {
	return new Promise((resolve, reject) => {
		const reader = new FileReader();
		reader.onload = () => resolve(String(reader.result));
		reader.onerror = () => reject(reader.error ?? new Error('read failed'));
		reader.readAsDataURL(file);
	});
}

/**
 * The need form of `/needs/new` and `/needs/{id}/edit`: title, details, category, quantity, how
 * the person receives it, district, urgency, an optional photo, and, for a person with a verified
 * organisation, whether it is posted for it. Checked with the API's schema; saving goes to the
 * need's page. Needs the `needs`, `item`, `itemForm`, `form` and `profile` namespaces.
 */
export const NeedForm = withTranslations(function NeedForm({
	locale,
	need = null,
	area = null,
	organisation = null,
}: NeedFormProps) {
	const { t } = useTranslation();
	// Until then a tap would send the form to the page itself and lose what was typed.
	const hydrated = useHydrated();
	const message = (key: string) =>
		t(key as ParseKeys, { defaultValue: t('itemForm.errors.invalidInput') });
	const id = useId();
	const [title, setTitle] = useState(need?.title ?? '');
	const [description, setDescription] = useState(need?.description ?? '');
	const [category, setCategory] = useState<Category>(need?.category ?? 'other');
	const [quantity, setQuantity] = useState(String(need?.quantity ?? 1));
	const [reach, setReach] = useState<NeedReach>(need?.reach ?? 'pickup');
	const [urgency, setUrgency] = useState<NeedUrgency>(need?.urgency ?? 'normal');
	const [district, setDistrict] = useState<AreaChoice | null>(area);
	const [forOrganisation, setForOrganisation] = useState(
		organisation !== null && (need ? need.organisation !== null : true),
	);
	const [photo, setPhoto] = useState<File | null>(null);
	const [removePhoto, setRemovePhoto] = useState(false);
	const [errors, setErrors] = useState<Record<string, string>>({});
	const [failure, setFailure] = useState<string | null>(null);
	const [saving, setSaving] = useState(false);
	const errorOf = (field: string) => (errors[field] ? message(errors[field]) : undefined);

	/** Checks one typed field when it loses focus, as the schema will on saving. */
	function checkField(field: 'title' | 'description' | 'quantity') {
		const parsed = needInputSchema.safeParse({ title, description, category, quantity, reach });
		const key = parsed.success ? undefined : fieldErrors(parsed.error.issues)[field];
		setErrors(({ [field]: _, ...rest }) => (key ? { ...rest, [field]: key } : rest));
	}

	async function submit(event: SubmitEvent<HTMLFormElement>) {
		event.preventDefault();
		setFailure(null);
		if (photo && photo.size > needLimits.photoMaxBytes) {
			setErrors({ photo: 'needs.errors.photoTooLarge' });
			return;
		}
		const body = {
			title,
			description,
			category,
			quantity,
			reach,
			urgency,
			...(district ? { district: district.id } : {}),
			...(organisation ? { forOrganisation } : {}),
			...(photo ? { photo: await readAsDataUrl(photo) } : removePhoto ? { photo: null } : {}),
		};
		const checked = needInputSchema.safeParse(body);
		if (!checked.success) {
			setErrors(fieldErrors(checked.error.issues));
			return;
		}
		setSaving(true);
		try {
			const saved = await apiFetch<Need>(need ? `/needs/${need.id}` : '/needs', {
				method: need ? 'PUT' : 'POST',
				body: JSON.stringify(checked.data),
			});
			flashToast('success', t(need ? 'needs.saved' : 'needs.posted'));
			window.location.assign(localizePath(`/needs/${saved.id}`, locale));
		} catch (error) {
			const known = error instanceof ApiError;
			setErrors(known ? error.fields : {});
			setFailure(known && error.message ? error.message : t('needs.failed'));
			setSaving(false);
		}
	}

	const choiceClass = 'flex items-center gap-2';
	return (
		<form noValidate onSubmit={submit} aria-busy={saving} className="flex flex-col gap-4">
			<fieldset disabled={saving} className="flex min-w-0 flex-col gap-2">
				<TextField
					id={`${id}-title`}
					label={t('needs.fields.title')}
					hint={t('needs.fields.titlePlaceholder')}
					required
					value={title}
					onChange={setTitle}
					onBlur={() => checkField('title')}
					error={errorOf('title')}
				/>
				<TextField
					id={`${id}-description`}
					label={t('needs.fields.description')}
					hint={t('needs.fields.descriptionPlaceholder')}
					aside={`${description.length}/${needLimits.descriptionMax}`}
					multiline
					required
					value={description}
					onChange={setDescription}
					onBlur={() => checkField('description')}
					error={errorOf('description')}
				/>
				<MoneyWarning t={t} name={title} description={description} />
				<CategoryField
					t={t}
					id={`${id}-category`}
					value={category}
					onChange={setCategory}
					error={errorOf('category')}
				/>
				<TextField
					id={`${id}-quantity`}
					label={t('needs.fields.quantity')}
					hint={
						organisation && forOrganisation
							? t('needs.fields.forOrganisationHint', { count: organisation.quantityMax })
							: undefined
					}
					required
					value={quantity}
					onChange={setQuantity}
					onBlur={() => checkField('quantity')}
					error={errorOf('quantity')}
				/>
				{organisation && (
					<label className={choiceClass}>
						<input
							type="checkbox"
							className="checkbox"
							checked={forOrganisation}
							onChange={(event) => setForOrganisation(event.currentTarget.checked)}
						/>
						{t('needs.fields.forOrganisation', { name: organisation.name })}
					</label>
				)}
				<fieldset className="fieldset">
					<legend className="fieldset-legend">{t('needs.fields.reach')}</legend>
					{(['pickup', 'delivery'] as const).map((value) => (
						<label key={value} className={choiceClass}>
							<input
								type="radio"
								className="radio"
								name={`${id}-reach`}
								checked={reach === value}
								onChange={() => setReach(value)}
							/>
							{t(value === 'pickup' ? 'needs.fields.reachPickup' : 'needs.fields.reachDelivery')}
						</label>
					))}
				</fieldset>
				<AreaSearch
					id={`${id}-district`}
					t={t}
					label={t('needs.fields.district')}
					source="/places/districts/search"
					value={district}
					onChange={setDistrict}
					error={errorOf('district')}
				/>
				<fieldset className="fieldset">
					<legend className="fieldset-legend">{t('needs.fields.urgency')}</legend>
					{(['normal', 'urgent'] as const).map((value) => (
						<label key={value} className={choiceClass}>
							<input
								type="radio"
								className="radio"
								name={`${id}-urgency`}
								checked={urgency === value}
								onChange={() => setUrgency(value)}
							/>
							{t(value === 'normal' ? 'needs.fields.urgencyNormal' : 'needs.fields.urgencyUrgent')}
						</label>
					))}
				</fieldset>
				<label className="fieldset" htmlFor={`${id}-photo`}>
					<span className="fieldset-legend">{t('needs.fields.photo')}</span>
					<input
						id={`${id}-photo`}
						type="file"
						accept="image/jpeg,image/png,image/webp"
						className="file-input w-full"
						onChange={(event) => setPhoto(event.currentTarget.files?.[0] ?? null)}
					/>
					<span className="text-sm">{t('needs.fields.photoHint')}</span>
					{errorOf('photo') && <span className="text-sm text-error">{errorOf('photo')}</span>}
				</label>
				{need?.photo && !photo && (
					<label className={choiceClass}>
						<input
							type="checkbox"
							className="checkbox"
							checked={removePhoto}
							onChange={(event) => setRemovePhoto(event.currentTarget.checked)}
						/>
						{t('needs.fields.removePhoto')}
					</label>
				)}
			</fieldset>
			{failure && (
				<div role="alert" className="alert alert-error">
					{failure}
				</div>
			)}
			<button type="submit" className="btn h-11 btn-primary" disabled={saving || !hydrated}>
				{saving && <span className="loading loading-sm loading-spinner" aria-hidden="true" />}
				{t(saving ? 'needs.saving' : need ? 'needs.save' : 'needs.submit')}
			</button>
		</form>
	);
});
