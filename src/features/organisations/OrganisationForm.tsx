import type { ParseKeys } from 'i18next';
import { type SubmitEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame, fieldAria, TextField } from '~/components/FormField';
import { type AreaChoice, AreaSearch } from '~/features/areas/AreaSearch';
import { ApiError, apiFetch } from '~/lib/api-client';
import { useHydrated } from '~/lib/hydrated';
import { type IslandI18nProps, withTranslations } from '~/lib/i18n/island';
import { flashToast } from '~/lib/toast';
import { documentPath, type Organisation, organisationKinds } from './organisation-kinds';

export interface OrganisationFormProps extends IslandI18nProps {
	/** The organisation being edited; null to register one. */
	organisation: Organisation | null;
}

type Field = 'name' | 'kind' | 'address' | 'district' | 'contactName' | 'document';

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
 * The organisation's form on `/organisation`: name, type, address, district, contact person and
 * a photo of a supporting document. The API checks them and names each wrong field. Registers
 * (`POST /organisations`) or edits (`PUT /organisations/mine`), then reloads the page, which shows
 * the state. Needs the `organisations`, `profile` (the district search's texts) and `common`
 * namespaces.
 */
export const OrganisationForm = withTranslations(function OrganisationForm({
	organisation,
}: OrganisationFormProps) {
	const { t } = useTranslation();
	const message = (key: string) =>
		t(key as ParseKeys, { defaultValue: t('organisations.errors.invalidInput') });
	const baseId = useId();
	const id = (field: Field) => `${baseId}-${field}`;
	const [values, setValues] = useState({
		name: organisation?.name ?? '',
		kind: organisation?.kind ?? '',
		address: organisation?.address ?? '',
		contactName: organisation?.contactName ?? '',
	});
	const [district, setDistrict] = useState<AreaChoice | null>(
		organisation ? { id: organisation.district.code, name: organisation.district.name } : null,
	);
	const [document, setDocument] = useState<File | null>(null);
	const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
	const [failure, setFailure] = useState<string | null>(null);
	const [saving, setSaving] = useState(false);
	// Typing before React took over the fields would be lost: the button waits for it.
	const hydrated = useHydrated();

	const update = (field: keyof typeof values, value: string) => {
		setValues((current) => ({ ...current, [field]: value }));
		setErrors(({ [field]: _, ...rest }) => rest);
	};
	const errorOf = (field: Field) => (errors[field] ? message(errors[field]) : undefined);

	async function submit(event: SubmitEvent<HTMLFormElement>) {
		event.preventDefault();
		setFailure(null);
		setSaving(true);
		const body = {
			...values,
			district: district?.id ?? '',
			...(document ? { document: await readAsDataUrl(document) } : {}),
		};
		try {
			await apiFetch(organisation ? '/organisations/mine' : '/organisations', {
				method: organisation ? 'PUT' : 'POST',
				body: JSON.stringify(body),
			});
			flashToast('success', t(organisation ? 'organisations.saved' : 'organisations.sent'));
			window.location.reload();
		} catch (error) {
			if (error instanceof ApiError && Object.keys(error.fields).length) {
				setErrors(error.fields as Partial<Record<Field, string>>);
			} else {
				setFailure(
					error instanceof ApiError && error.message
						? error.message
						: t('organisations.errors.failed'),
				);
			}
			setSaving(false);
		}
	}

	return (
		<form className="flex flex-col gap-2" noValidate onSubmit={(event) => void submit(event)}>
			{organisation?.state === 'verified' && (
				<p className="alert alert-info text-sm" data-testid="review-again">
					{t('organisations.reviewAgain')}
				</p>
			)}
			<TextField
				id={id('name')}
				label={t('organisations.fields.name')}
				value={values.name}
				onChange={(value) => update('name', value)}
				onBlur={() => undefined}
				error={errorOf('name')}
				required
			/>
			<FieldFrame id={id('kind')} label={t('organisations.fields.kind')} error={errorOf('kind')}>
				<select
					id={id('kind')}
					className={`select h-11 w-full text-base ${errors.kind ? 'select-error' : ''}`}
					value={values.kind}
					required
					onChange={(event) => update('kind', event.currentTarget.value)}
					{...fieldAria(id('kind'), undefined, errorOf('kind'))}
				>
					<option value="" disabled>
						{t('organisations.fields.kindPlaceholder')}
					</option>
					{organisationKinds.map((kind) => (
						<option key={kind} value={kind}>
							{t(`organisations.kinds.${kind}`)}
						</option>
					))}
				</select>
			</FieldFrame>
			<TextField
				id={id('address')}
				label={t('organisations.fields.address')}
				hint={t('organisations.fields.addressHint')}
				value={values.address}
				onChange={(value) => update('address', value)}
				onBlur={() => undefined}
				error={errorOf('address')}
				multiline
				required
			/>
			<AreaSearch
				id={id('district')}
				t={t}
				label={t('organisations.fields.district')}
				hint={t('organisations.fields.districtHint')}
				source="/places/districts/search"
				value={district}
				onChange={(area) => {
					setDistrict(area);
					setErrors(({ district: _, ...rest }) => rest);
				}}
				error={errorOf('district')}
			/>
			<TextField
				id={id('contactName')}
				label={t('organisations.fields.contactName')}
				hint={t('organisations.fields.contactNameHint')}
				value={values.contactName}
				onChange={(value) => update('contactName', value)}
				onBlur={() => undefined}
				error={errorOf('contactName')}
				autoComplete="name"
				required
			/>
			<FieldFrame
				id={id('document')}
				label={t('organisations.fields.document')}
				hint={t('organisations.fields.documentHint')}
				error={errorOf('document')}
			>
				<input
					id={id('document')}
					type="file"
					accept="image/jpeg,image/png,image/webp"
					className={`file-input w-full ${errors.document ? 'file-input-error' : ''}`}
					onChange={(event) => {
						setDocument(event.currentTarget.files?.[0] ?? null);
						setErrors(({ document: _, ...rest }) => rest);
					}}
					{...fieldAria(
						id('document'),
						t('organisations.fields.documentHint'),
						errorOf('document'),
					)}
				/>
			</FieldFrame>
			{organisation?.hasDocument && (
				<p className="text-sm">
					{t('organisations.fields.documentKept')}{' '}
					<a className="link link-primary" href={documentPath(organisation.id)} target="_blank">
						{t('organisations.fields.viewDocument')}
					</a>
				</p>
			)}
			{failure && (
				<p role="alert" className="alert alert-error text-sm">
					{failure}
				</p>
			)}
			<button
				type="submit"
				className="btn btn-primary mt-2 self-start"
				disabled={saving || !hydrated}
			>
				{saving
					? t('organisations.saving')
					: organisation
						? t('organisations.save')
						: t('organisations.submit')}
			</button>
		</form>
	);
});
