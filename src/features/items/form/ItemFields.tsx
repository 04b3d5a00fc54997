import type { TFunction } from 'i18next';
import { FieldFrame, fieldAria } from '~/components/FormField';
import { categories, type Category } from '../items';
import { asksForMoney } from '../money-words';
import {
	type ItemFormMode,
	type ItemFormValues,
	type MeasurementField,
	measurementFields,
	measurementRange,
} from './item-form';

interface MeasurementFieldsProps {
	t: TFunction;
	mode: ItemFormMode;
	ids: Record<MeasurementField, string>;
	values: ItemFormValues;
	onChange: (field: MeasurementField, value: string) => void;
	onBlur: (field: MeasurementField) => void;
	errorOf: (field: MeasurementField) => string | undefined;
}

/** Weight, length, width, height and quantity as number inputs with the ranges and steps of docs/product-rules.md#item-limits. */
export function MeasurementFields({
	t,
	mode,
	ids,
	values,
	onChange,
	onBlur,
	errorOf,
}: MeasurementFieldsProps) {
	return (
		<fieldset className="fieldset">
			<legend className="fieldset-legend text-sm">{t('itemForm.fields.measurements')}</legend>
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
