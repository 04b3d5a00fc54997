import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { useProfileCheck } from '~/features/profiles/use-profile-check';
import type { Locale } from '~/lib/i18n/locales';
import { showToast } from '~/lib/toast';
import { clampQuantity, type Item } from '../items';
import { contactAction, type ItemViewer, withProfileCheck } from './contact';
import { WhatsAppIcon } from './icons';

interface PickupPanelProps {
	item: Item;
	viewer: ItemViewer;
	locale: Locale;
	/** The page's path in the viewer's language, where sign-up and profile completion return. */
	itemPath: string;
	/** The page's absolute URL, quoted in the WhatsApp message. */
	itemUrl: string;
	/** Asks the server for the item now, e.g. for a phone number the page did not load yet. */
	refetch: () => Promise<Item>;
	t: TFunction;
}

/**
 * How a receiver gets the item: free direct pickup arranged on WhatsApp (quantity stepper and
 * contact button), and courier delivery announced as Coming Soon.
 */
export function PickupPanel(props: PickupPanelProps) {
	const { item, locale, itemPath, itemUrl, refetch, t } = props;
	const viewer = withProfileCheck(props.viewer, useProfileCheck(props.viewer.signedIn));
	const id = useId();
	const available = item.quantity;
	const [draft, setDraft] = useState('1');
	const quantity = clampQuantity(draft, available);
	const inRange = draft.trim() === String(quantity);
	const noPhone = !item.donor.hasPhone;

	// Fewer may be left after a poll: the request follows.
	useEffect(() => setDraft((value) => String(clampQuantity(value, available))), [available]);

	const contact = async () => {
		// The rendered page never holds the phone; the first poll brings it, unless still on its way.
		const waiting =
			viewer.signedIn && viewer.isComplete && item.donor.hasPhone && !item.donor.phone;
		const donor = waiting ? (await refetch()).donor : item.donor;
		const action = contactAction({
			viewer,
			donor,
			locale,
			itemPath,
			message: t('itemDetail.whatsapp.message', {
				name: item.name,
				quantity,
				available,
				url: itemUrl,
			}),
		});
		// The sign-up and profile pages show the prompt themselves for the `reason` they get.
		if (action.kind === 'signIn' || action.kind === 'completeProfile') {
			window.location.assign(action.href);
		} else if (action.kind === 'noPhone') {
			void showToast('error', t('itemDetail.whatsapp.noPhoneNumber'));
		} else {
			window.open(action.url, '_blank', 'noopener');
		}
	};

	return (
		<section aria-labelledby={`${id}-heading`} className="card border border-base-300 bg-base-100">
			<div className="card-body gap-5 p-5">
				<h2 id={`${id}-heading`} className="card-title text-xl">
					{t('itemDetail.pickup.heading')}
				</h2>
				<fieldset className="grid gap-3">
					<legend className="mb-2 font-semibold">{t('itemDetail.pickup.method')}</legend>
					<label className="flex cursor-pointer gap-3 rounded-box border-2 border-primary bg-primary/5 p-4">
						<input
							type="radio"
							name={`${id}-method`}
							value="pickup"
							defaultChecked
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
					<label className="flex cursor-not-allowed gap-3 rounded-box border border-dashed border-base-300 bg-base-200 p-4 text-base-content/75">
						<input
							type="radio"
							name={`${id}-method`}
							value="courier"
							disabled
							className="radio mt-0.5"
						/>
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
				</fieldset>

				<div>
					<label htmlFor={`${id}-quantity`} className="font-semibold">
						{t('itemDetail.quantity.label')}
					</label>
					<div className="join mt-2 flex">
						<button
							type="button"
							className="btn join-item"
							aria-label={t('itemDetail.quantity.decrease')}
							aria-controls={`${id}-quantity`}
							disabled={quantity <= 1}
							onClick={() => setDraft(String(quantity - 1))}
						>
							−
						</button>
						<input
							id={`${id}-quantity`}
							type="number"
							inputMode="numeric"
							min={1}
							max={available}
							step={1}
							value={draft}
							aria-describedby={`${id}-quantity-hint`}
							aria-invalid={inRange ? undefined : true}
							className="input join-item w-20 text-center tabular-nums"
							onChange={(event) => setDraft(event.target.value)}
							onBlur={() => setDraft(String(quantity))}
						/>
						<button
							type="button"
							className="btn join-item"
							aria-label={t('itemDetail.quantity.increase')}
							aria-controls={`${id}-quantity`}
							disabled={quantity >= available}
							onClick={() => setDraft(String(quantity + 1))}
						>
							+
						</button>
					</div>
					<p id={`${id}-quantity-hint`} className="mt-1 text-sm text-base-content/75">
						{t('itemDetail.quantity.hint', { count: available })}
					</p>
				</div>

				<div className="grid gap-2">
					<button
						type="button"
						className="btn btn-success btn-lg h-auto min-h-12 w-full py-3 text-base pointer-events-auto! sm:text-lg"
						disabled={!inRange}
						aria-disabled={noPhone || undefined}
						aria-describedby={noPhone ? `${id}-no-phone` : undefined}
						onClick={() => void contact()}
					>
						<WhatsAppIcon />
						{t('itemDetail.whatsapp.contact')}
						<span className="sr-only">{t('itemDetail.whatsapp.opensNewWindow')}</span>
					</button>
					{noPhone && (
						<p
							id={`${id}-no-phone`}
							className="rounded-field border border-warning bg-warning/25 px-3 py-2 text-sm"
						>
							{t('itemDetail.whatsapp.noPhoneNumber')}
						</p>
					)}
				</div>
			</div>
		</section>
	);
}
