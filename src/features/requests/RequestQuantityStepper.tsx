import { useTranslation } from 'react-i18next';
import { clampQuantity } from '~/features/items/items';

interface RequestQuantityStepperProps {
	id: string;
	label: string;
	/** The quantity chosen, always within 1..`max`. */
	value: number;
	max: number;
	disabled: boolean;
	onChange: (value: number) => void;
}

/**
 * A small stepper for how many to reserve or hand over: whole numbers from 1 to `max`; a value
 * typed out of range is brought back within it when the field is left.
 */
export function RequestQuantityStepper({
	id,
	label,
	value,
	max,
	disabled,
	onChange,
}: RequestQuantityStepperProps) {
	const { t } = useTranslation();
	return (
		<div className="grid gap-1">
			<label htmlFor={id} className="text-sm font-semibold">
				{label}
			</label>
			<div className="join">
				<button
					type="button"
					className="btn join-item btn-sm"
					aria-label={t('itemRequests.actions.decrease')}
					aria-controls={id}
					disabled={disabled || value <= 1}
					onClick={() => onChange(value - 1)}
				>
					−
				</button>
				<input
					id={id}
					type="number"
					inputMode="numeric"
					min={1}
					max={max}
					step={1}
					defaultValue={value}
					key={value}
					disabled={disabled}
					aria-describedby={`${id}-hint`}
					className="input join-item input-sm w-16 text-center tabular-nums"
					onBlur={(event) => onChange(clampQuantity(event.target.value, max))}
				/>
				<button
					type="button"
					className="btn join-item btn-sm"
					aria-label={t('itemRequests.actions.increase')}
					aria-controls={id}
					disabled={disabled || value >= max}
					onClick={() => onChange(value + 1)}
				>
					+
				</button>
			</div>
			<p id={`${id}-hint`} className="text-xs text-base-content/75">
				{t('itemRequests.actions.upTo', { count: max })}
			</p>
		</div>
	);
}
