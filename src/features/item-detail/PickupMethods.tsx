import type { TFunction } from 'i18next';

/** How the item reaches the receiver. */
export type PickupMethod = 'pickup' | 'courier';

interface PickupMethodsProps {
	name: string;
	method: PickupMethod;
	onChange: (method: PickupMethod) => void;
	/** Whether courier delivery is offered; otherwise it shows greyed out as Coming Soon. */
	courierOffered: boolean;
	t: TFunction;
}

const chosenCard = 'border-2 border-primary bg-primary/5';
const otherCard = 'border border-base-300';

/** Direct pickup, free; courier delivery beside it when offered, else greyed out as Coming Soon. */
export function PickupMethods({ name, method, onChange, courierOffered, t }: PickupMethodsProps) {
	return (
		<fieldset className="grid gap-3">
			<legend className="mb-2 font-semibold">{t('itemDetail.pickup.method')}</legend>
			<label
				className={`flex cursor-pointer gap-3 rounded-box p-4 ${method === 'pickup' ? chosenCard : otherCard}`}
			>
				<input
					type="radio"
					name={name}
					value="pickup"
					checked={method === 'pickup'}
					onChange={() => onChange('pickup')}
					className="radio radio-primary mt-0.5"
				/>
				<span className="grid gap-1">
					<span className="flex flex-wrap items-center gap-2 font-semibold">
						{t('itemDetail.pickup.directTitle')}
						<span className="badge badge-success badge-sm">{t('itemDetail.pickup.free')}</span>
					</span>
					<span className="text-sm">{t('itemDetail.pickup.directText')}</span>
				</span>
			</label>
			{courierOffered ? (
				<label
					className={`flex cursor-pointer gap-3 rounded-box p-4 ${method === 'courier' ? chosenCard : otherCard}`}
				>
					<input
						type="radio"
						name={name}
						value="courier"
						checked={method === 'courier'}
						onChange={() => onChange('courier')}
						className="radio radio-primary mt-0.5"
					/>
					<span className="grid gap-1">
						<span className="font-semibold">{t('itemDetail.pickup.shippingTitle')}</span>
						<span className="text-sm">{t('itemDetail.pickup.shippingText')}</span>
					</span>
				</label>
			) : (
				<label className="flex cursor-not-allowed gap-3 rounded-box border border-dashed border-base-300 bg-base-200 p-4 text-base-content/75">
					<input type="radio" name={name} value="courier" disabled className="radio mt-0.5" />
					<span className="grid gap-1">
						<span className="flex flex-wrap items-center gap-2 font-semibold">
							{t('itemDetail.pickup.shippingTitle')}
							<span className="badge badge-sm border-base-300 bg-base-100 text-base-content">
								{t('itemDetail.pickup.comingSoon')}
							</span>
						</span>
						<span className="text-sm">{t('itemDetail.pickup.shippingText')}</span>
					</span>
				</label>
			)}
		</fieldset>
	);
}
