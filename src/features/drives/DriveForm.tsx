import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame, fieldAria } from '~/components/FormField';
import { type AreaChoice, AreaSearch } from '~/features/areas/AreaSearch';
import { categories } from '~/features/items/items';
import { ApiError, apiFetch } from '~/lib/api-client';
import { type IslandI18nProps, withTranslations } from '~/lib/i18n/island';
import { localizePath } from '~/lib/i18n/locales';
import { flashToast } from '~/lib/toast';
import type { DriveInput, DriveNeedInput } from './drive-schemas';
import { useHydrated } from '~/lib/hydrated';

interface DriveFormProps extends IslandI18nProps {
	/** The end days the form may offer, as the server counts them. */
	endDays: { min: string; max: string };
	/** How many needs a drive lists, at least and at most. */
	needsCount: { min: number; max: number };
}

const emptyNeed = (): DriveNeedInput => ({
	title: '',
	category: 'other',
	quantity: 1,
	description: '',
});

/**
 * `/drives/new`: a drive's title, story, collection address and district, end day and its list of
 * needs. The API checks them (the limits stay out of the page's script) and its errors show
 * under their fields. Needs `drives`, `item`, `form` and `profile` (the district field).
 */
export const DriveForm = withTranslations(function DriveForm({
	locale,
	endDays,
	needsCount,
}: DriveFormProps) {
	const { t } = useTranslation();
	// Until then a tap would send the form to the page itself and lose what was typed.
	const hydrated = useHydrated();
	const [values, setValues] = useState<Omit<DriveInput, 'district' | 'needs'>>({
		title: '',
		story: '',
		address: '',
		endDate: '',
	});
	const [district, setDistrict] = useState<AreaChoice | null>(null);
	const [needs, setNeeds] = useState<DriveNeedInput[]>([emptyNeed()]);
	const [errors, setErrors] = useState<Record<string, string>>({});
	const [busy, setBusy] = useState(false);
	const [failure, setFailure] = useState<string | null>(null);
	const errorOf = (field: string): string | undefined =>
		errors[field] ? t(errors[field] as 'drives.failed') : undefined;

	async function submit() {
		setBusy(true);
		setErrors({});
		setFailure(null);
		const input: DriveInput = { ...values, district: district?.id ?? '', needs };
		try {
			const { id } = await apiFetch<{ id: number }>('/drives', {
				method: 'POST',
				body: JSON.stringify(input),
			});
			flashToast('success', t('drives.created'));
			window.location.assign(localizePath(`/drives/${id}`, locale));
		} catch (error) {
			setBusy(false);
			const fields = error instanceof ApiError ? error.fields : {};
			if (Object.keys(fields).length === 0) {
				setFailure((error instanceof ApiError && error.message) || t('drives.failed'));
				return;
			}
			setErrors(fields);
			// The first field named wrong takes the focus once it shows its error.
			requestAnimationFrame(() =>
				document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
			);
		}
	}

	const text = (field: 'title' | 'address', hint?: string) => {
		const id = `drive-${field}`;
		return (
			<FieldFrame id={id} label={t(`drives.fields.${field}`)} hint={hint} error={errorOf(field)}>
				<input
					id={id}
					className="input w-full"
					value={values[field]}
					onChange={(event) => setValues({ ...values, [field]: event.target.value })}
					{...fieldAria(id, hint, errorOf(field))}
				/>
			</FieldFrame>
		);
	};
	const setNeed = (index: number, change: Partial<DriveNeedInput>) =>
		setNeeds(needs.map((need, at) => (at === index ? { ...need, ...change } : need)));

	return (
		<form
			className="flex flex-col gap-4"
			noValidate
			onSubmit={(event) => {
				event.preventDefault();
				void submit();
			}}
		>
			{text('title')}
			<FieldFrame
				id="drive-story"
				label={t('drives.fields.story')}
				hint={t('drives.fields.storyHint')}
				error={errorOf('story')}
			>
				<textarea
					id="drive-story"
					className="textarea w-full"
					rows={5}
					value={values.story}
					onChange={(event) => setValues({ ...values, story: event.target.value })}
					{...fieldAria('drive-story', t('drives.fields.storyHint'), errorOf('story'))}
				/>
			</FieldFrame>
			{text('address', t('drives.fields.addressHint'))}
			<AreaSearch
				id="drive-district"
				t={t}
				label={t('drives.fields.district')}
				source="/places/districts/search"
				value={district}
				onChange={setDistrict}
				error={errorOf('district')}
			/>
			<FieldFrame
				id="drive-end-date"
				label={t('drives.fields.endDate')}
				hint={t('drives.fields.endDateHint')}
				error={errorOf('endDate')}
			>
				<input
					id="drive-end-date"
					type="date"
					className="input w-full"
					min={endDays.min}
					max={endDays.max}
					value={values.endDate}
					onChange={(event) => setValues({ ...values, endDate: event.target.value })}
					{...fieldAria('drive-end-date', t('drives.fields.endDateHint'), errorOf('endDate'))}
				/>
			</FieldFrame>

			<fieldset className="flex flex-col gap-3">
				<legend className="mb-2 text-xl font-bold">{t('drives.needs.heading')}</legend>
				{errorOf('needs') && (
					<p role="alert" className="text-sm text-error">
						{errorOf('needs')}
					</p>
				)}
				{needs.map((need, index) => {
					const id = (field: string) => `drive-need-${index}-${field}`;
					const error = (field: string) => errorOf(`needs.${index}.${field}`);
					const number = index + 1;
					return (
						<div
							key={index}
							className="rounded-box border border-base-300 p-3"
							data-testid="drive-need-fields"
						>
							<div className="flex items-center justify-between">
								<h3 className="font-semibold">{t('drives.needs.numbered', { number })}</h3>
								{needs.length > needsCount.min && (
									<button
										type="button"
										className="btn btn-ghost btn-xs"
										onClick={() => setNeeds(needs.filter((_, at) => at !== index))}
									>
										{t('drives.needs.remove', { number })}
									</button>
								)}
							</div>
							<FieldFrame id={id('title')} label={t('drives.needs.title')} error={error('title')}>
								<input
									id={id('title')}
									className="input w-full"
									value={need.title}
									onChange={(event) => setNeed(index, { title: event.target.value })}
									{...fieldAria(id('title'), undefined, error('title'))}
								/>
							</FieldFrame>
							<div className="grid grid-cols-2 gap-3">
								<FieldFrame
									id={id('category')}
									label={t('drives.needs.category')}
									error={error('category')}
								>
									<select
										id={id('category')}
										className="select w-full"
										value={need.category}
										onChange={(event) =>
											setNeed(index, { category: event.target.value as DriveNeedInput['category'] })
										}
										{...fieldAria(id('category'), undefined, error('category'))}
									>
										{categories.map((category) => (
											<option key={category} value={category}>
												{t(`item.category.${category}`)}
											</option>
										))}
									</select>
								</FieldFrame>
								<FieldFrame
									id={id('quantity')}
									label={t('drives.needs.quantity')}
									error={error('quantity')}
								>
									<input
										id={id('quantity')}
										type="number"
										inputMode="numeric"
										min={1}
										className="input w-full"
										value={String(need.quantity)}
										onChange={(event) => setNeed(index, { quantity: event.target.value })}
										{...fieldAria(id('quantity'), undefined, error('quantity'))}
									/>
								</FieldFrame>
							</div>
							<FieldFrame
								id={id('description')}
								label={t('drives.needs.description')}
								error={error('description')}
							>
								<textarea
									id={id('description')}
									className="textarea w-full"
									rows={2}
									value={need.description ?? ''}
									onChange={(event) => setNeed(index, { description: event.target.value })}
									{...fieldAria(id('description'), undefined, error('description'))}
								/>
							</FieldFrame>
						</div>
					);
				})}
				{needs.length < needsCount.max && (
					<button
						type="button"
						className="btn btn-outline btn-sm self-start"
						onClick={() => setNeeds([...needs, emptyNeed()])}
					>
						{t('drives.needs.add')}
					</button>
				)}
			</fieldset>

			{failure && (
				<p role="alert" className="text-error">
					{failure}
				</p>
			)}
			<button type="submit" className="btn btn-primary" disabled={busy || !hydrated}>
				{t(busy ? 'drives.creating' : 'drives.create')}
			</button>
		</form>
	);
});
