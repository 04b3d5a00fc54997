import type { TFunction } from 'i18next';
import { FieldFrame, fieldAria } from '~/components/FormField';
import { choosingLimits } from '~/config/limits';
import { categories, type Category, type ItemCondition, itemConditions } from '../items';
import { asksForMoney } from '../money-words';
import {
	type ItemFormMode,
	type ItemFormValues,
	type MeasurementField,
	measurementFields,
	measurementRange,
} from './item-form';
import { matchingPreset, type SizePreset, sizePresets } from './size-presets';

interface MeasurementFieldsProps {
	t: TFunction;
	mode: ItemFormMode;
	ids: Record<MeasurementField, string>;
	values: ItemFormValues;
	onChange: (field: MeasurementField, value: string) => void;
	/** Fills the weight and the three dimensions with a preset's numbers. */
	onPreset: (preset: SizePreset) => void;
	onBlur: (field: MeasurementField) => void;
	errorOf: (field: MeasurementField) => string | undefined;
}

/**
 * Weight, length, width, height and quantity as number inputs with the ranges and steps of
 * docs/product-rules.md#item-limits, after a row of size presets that fill the first four. The
 * preset whose numbers the fields hold shows pressed; typing another number leaves none pressed.
 */
export function MeasurementFields({
	t,
	mode,
	ids,
	values,
	onChange,
	onPreset,
	onBlur,
	errorOf,
}: MeasurementFieldsProps) {
	const picked = matchingPreset(values);
	const presetsId = `${ids.weight}-presets`;
	return (
		<fieldset className="fieldset">
			<legend className="fieldset-legend text-sm">{t('itemForm.fields.measurements')}</legend>
			<div role="group" aria-labelledby={presetsId} aria-describedby={`${presetsId}-hint`}>
				<p id={presetsId} className="text-sm">
					{t('itemForm.presets.label')}
				</p>
				<p id={`${presetsId}-hint`} className="text-sm text-base-content/75">
					{t('itemForm.presets.hint')}
				</p>
				<div className="mt-2 flex flex-wrap gap-2" data-testid="size-presets">
					{sizePresets.map((preset) => {
						const pressed = picked?.id === preset.id;
						return (
							<button
								key={preset.id}
								type="button"
								aria-pressed={pressed}
								onClick={() => onPreset(preset)}
								className={`btn h-11 px-3 text-sm font-normal ${pressed ? 'btn-primary' : 'btn-outline'}`}
							>
								{t(`itemForm.presets.${preset.id}`)}
							</button>
						);
					})}
				</div>
			</div>
			<div className="grid grid-cols-2 gap-x-3 sm:grid-cols-3">
				{measurementFields.map((field) => {
					const id = ids[field];
					const error = errorOf(field);
					return (
						<FieldFrame key={field} id={id} label={t(`itemForm.fields.${field}`)} error={error}>
							<input
								id={id}
								type="number"
								inputMode={field === 'quantity' ? 'numeric' : 'decimal'}
								required
								{...measurementRange(field, mode)}
								value={values[field]}
								onChange={(event) => onChange(field, event.currentTarget.value)}
								onBlur={() => onBlur(field)}
								className={`input h-11 w-full text-base ${error ? 'input-error' : ''}`}
								{...fieldAria(id, undefined, error)}
							/>
						</FieldFrame>
					);
				})}
			</div>
		</fieldset>
	);
}

interface CategoryFieldProps {
	t: TFunction;
	id: string;
	value: Category;
	onChange: (value: Category) => void;
	error: string | undefined;
}

/** The optional category select; `other` unless the owner picks one. */
export function CategoryField({ t, id, value, onChange, error }: CategoryFieldProps) {
	const hint = t('itemForm.fields.categoryHint');
	return (
		<FieldFrame id={id} label={t('item.category.label')} hint={hint} error={error}>
			<select
				id={id}
				value={value}
				onChange={(event) => onChange(event.currentTarget.value as Category)}
				className={`select h-11 w-full text-base ${error ? 'select-error' : ''}`}
				{...fieldAria(id, hint, error)}
			>
				{categories.map((category) => (
					<option key={category} value={category}>
						{t(`item.category.${category}`)}
					</option>
				))}
			</select>
		</FieldFrame>
	);
}

interface ConditionFieldProps {
	t: TFunction;
	id: string;
	value: ItemCondition | '';
	/** Asked of a new listing; an edit may leave an item listed without one so. */
	required: boolean;
	onChange: (value: ItemCondition) => void;
	onBlur: () => void;
	error: string | undefined;
}

/** The item's condition as a group of radios; the first one carries `id`, for focus. */
export function ConditionField({
	t,
	id,
	value,
	required,
	onChange,
	onBlur,
	error,
}: ConditionFieldProps) {
	return (
		<fieldset className="fieldset" aria-describedby={error ? `${id}-error` : undefined}>
			<legend className="fieldset-legend text-sm">{t('item.condition.label')}</legend>
			<div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
				{itemConditions.map((condition, index) => (
					<label
						key={condition}
						className="flex min-h-11 cursor-pointer items-center gap-2 rounded-field border border-base-300 px-3 text-sm has-checked:border-primary"
					>
						<input
							id={index === 0 ? id : undefined}
							type="radio"
							name={id}
							value={condition}
							required={required}
							checked={value === condition}
							onChange={() => onChange(condition)}
							onBlur={onBlur}
							aria-invalid={error ? true : undefined}
							className="radio radio-sm radio-primary"
						/>
						{t(`item.condition.${condition}`)}
					</label>
				))}
			</div>
			{error && (
				<p id={`${id}-error`} className="text-sm text-error">
					{error}
				</p>
			)}
		</fieldset>
	);
}

interface UploadProgressProps {
	t: TFunction;
	id: string;
	/** The share of the request sent, from 0 to 1. */
	fraction: number;
}

/** The bar under the form while a save uploads, then a note while the server processes photos. */
export function UploadProgress({ t, id, fraction }: UploadProgressProps) {
	const percent = Math.round(fraction * 100);
	return (
		<div className="flex flex-col gap-1">
			<progress
				className="progress w-full progress-primary"
				value={percent}
				max={100}
				aria-labelledby={id}
			/>
			<p id={id} className="text-sm text-base-content/75">
				{percent < 100 ? t('itemForm.uploadProgress', { percent }) : t('itemForm.processing')}
			</p>
		</div>
	);
}

/**
 * Shown while the name or description mentions a price or a sale: items are free, and the
 * moderators see such listings flagged.
 */
export function MoneyWarning({
	t,
	name,
	description,
}: {
	t: TFunction;
	name: string;
	description: string;
}) {
	return (
		<div role="status" aria-live="polite">
			{asksForMoney(name, description) && (
				<p className="alert alert-warning text-sm" data-testid="money-warning">
					{t('itemForm.moneyWarning')}
				</p>
			)}
		</div>
	);
}

interface ChoosingFieldProps {
	t: TFunction;
	id: string;
	/** `0` for first come, else the hours of the wait. */
	value: string;
	onChange: (value: string) => void;
	error: string | undefined;
}

/**
 * How the donor chooses a receiver (docs/product-rules.md#choosing): first come, or after a wait
 * of some hours while requests gather. A saved wait the list does not offer stays offered.
 */
export function ChoosingField({ t, id, value, onChange, error }: ChoosingFieldProps) {
	const hint = t('itemForm.fields.chooseAfterHint');
	const offered: readonly number[] = choosingLimits.waitHoursOffered;
	const hours = [...new Set([...offered, Number(value)])].filter((each) => each > 0);
	return (
		<FieldFrame id={id} label={t('itemForm.fields.chooseAfter')} hint={hint} error={error}>
			<select
				id={id}
				value={value}
				onChange={(event) => onChange(event.currentTarget.value)}
				className={`select h-11 w-full text-base ${error ? 'select-error' : ''}`}
				{...fieldAria(id, hint, error)}
			>
				<option value="0">{t('itemForm.fields.chooseFirstCome')}</option>
				{hours
					.sort((a, b) => a - b)
					.map((each) => (
						<option key={each} value={String(each)}>
							{t('itemForm.fields.chooseAfterHours', { count: each })}
						</option>
					))}
			</select>
		</FieldFrame>
	);
}
