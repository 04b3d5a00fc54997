import { useTranslation } from 'react-i18next';
import { pickupLimits } from '~/config/limits';
import { fromJakartaInput } from './pickup';

/** What the donor typed for a pickup: `datetime-local` values in Jakarta's time, and a place. */
export interface PickupDraft {
	from: string;
	until: string;
	place: string;
}

export const emptyPickupDraft: PickupDraft = { from: '', until: '', place: '' };

/** The fields of a draft to send: none when nothing was typed (the API then says what is missing). */
export function pickupFieldsOf(draft: PickupDraft) {
	const place = draft.place.trim();
	return {
		...(draft.from ? { pickupFrom: fromJakartaInput(draft.from) ?? draft.from } : {}),
		...(draft.until ? { pickupUntil: fromJakartaInput(draft.until) ?? draft.until } : {}),
		...(place ? { pickupPlace: place } : {}),
	};
}

interface PickupFieldsProps {
	id: string;
	draft: PickupDraft;
	disabled: boolean;
	/** Translation keys of what the API refused, by field. */
	errors?: Record<string, string>;
	onChange: (draft: PickupDraft) => void;
}

/** The window's start and end, typed in Jakarta's time, and a note of the place. */
export function PickupFields({ id, draft, disabled, errors = {}, onChange }: PickupFieldsProps) {
	const { t } = useTranslation();
	const error = (field: string) =>
		errors[field] ? (
			<span id={`${id}-${field}-error`} className="text-sm text-error">
				{t(errors[field] as 'pickup.errors.pickupPast')}
			</span>
		) : null;
	const described = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);
	return (
		<div className="grid gap-2">
			<label className="grid gap-1 text-sm">
				<span>{t('pickup.from')}</span>
				<input
					type="datetime-local"
					className="input input-sm w-full"
					value={draft.from}
					disabled={disabled}
					aria-invalid={Boolean(errors['pickupFrom'])}
					aria-describedby={described('pickupFrom')}
					onChange={(event) => onChange({ ...draft, from: event.currentTarget.value })}
				/>
				{error('pickupFrom')}
			</label>
			<label className="grid gap-1 text-sm">
				<span>{t('pickup.until')}</span>
				<input
					type="datetime-local"
					className="input input-sm w-full"
					value={draft.until}
					disabled={disabled}
					aria-invalid={Boolean(errors['pickupUntil'])}
					aria-describedby={described('pickupUntil')}
					onChange={(event) => onChange({ ...draft, until: event.currentTarget.value })}
				/>
				{error('pickupUntil')}
			</label>
			<label className="grid gap-1 text-sm">
				<span>{t('pickup.placeLabel')}</span>
				<input
					type="text"
					className="input input-sm w-full"
					value={draft.place}
					maxLength={pickupLimits.placeMax}
					disabled={disabled}
					aria-invalid={Boolean(errors['pickupPlace'])}
					aria-describedby={described('pickupPlace')}
					onChange={(event) => onChange({ ...draft, place: event.currentTarget.value })}
				/>
				<span className="text-xs text-base-content/70">
					{t('pickup.placeHint', { count: pickupLimits.placeMax })}
				</span>
				{error('pickupPlace')}
			</label>
		</div>
	);
}
