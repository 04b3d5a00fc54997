import { clampQuantity } from '~/features/items/items';

interface QuantityStepperProps {
	id: string;
	label: string;
	/** The accessible names of the − and + buttons. */
	decreaseLabel: string;
	increaseLabel: string;
	/** Said under the field, e.g. how many may be chosen at most. */
	hint: string;
	/** What the field holds, as typed. */
	value: string;
	/** The most that may be chosen; the least is 1. */
	max: number;
	disabled?: boolean;
	/** Smaller, to sit among other small controls. */
	compact?: boolean;
	onChange: (value: string) => void;
}

/**
 * A quantity: − and + buttons around a number field, whole numbers from 1 to `max`. A value
 * typed out of range is marked invalid and becomes the nearest allowed one when the field is left.
 */
export function QuantityStepper({
	id,
	label,
	decreaseLabel,
	increaseLabel,
	hint,
	value,
	max,
	disabled = false,
	compact = false,
	onChange,
}: QuantityStepperProps) {
	const quantity = clampQuantity(value, max);
	const inRange = value.trim() === String(quantity);
	const button = compact ? 'btn join-item btn-sm' : 'btn join-item';
	return (
		<div className={compact ? 'grid gap-1' : undefined}>
			<label htmlFor={id} className={compact ? 'text-sm font-semibold' : 'font-semibold'}>
				{label}
			</label>
			<div className={compact ? 'join' : 'join mt-2 flex'}>
				<button
					type="button"
					className={button}
					aria-label={decreaseLabel}
					aria-controls={id}
					disabled={disabled || quantity <= 1}
					onClick={() => onChange(String(quantity - 1))}
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
					value={value}
					disabled={disabled}
					aria-describedby={`${id}-hint`}
					aria-invalid={inRange ? undefined : true}
					className={`input join-item text-center tabular-nums ${compact ? 'input-sm w-16' : 'w-20'}`}
					onChange={(event) => onChange(event.target.value)}
					onBlur={() => onChange(String(quantity))}
				/>
				<button
					type="button"
					className={button}
					aria-label={increaseLabel}
					aria-controls={id}
					disabled={disabled || quantity >= max}
					onClick={() => onChange(String(quantity + 1))}
				>
					+
				</button>
			</div>
			<p
				id={`${id}-hint`}
				className={`text-base-content/75 ${compact ? 'text-xs' : 'mt-1 text-sm'}`}
			>
				{hint}
			</p>
		</div>
	);
}
