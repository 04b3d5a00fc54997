import { type SubmitEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { needLimits } from '~/config/limits';
import { BlockButton } from '~/features/blocks/BlockButton';
import { type IslandI18nProps, withTranslations } from '~/lib/i18n/island';
import { localizePath } from '~/lib/i18n/locales';
import { flashToast, showToast } from '~/lib/toast';
import { failureText, needCalls } from './need-calls';
import type { NeedOffer, OfferableItem } from './needs';

export interface OfferPanelProps extends IslandI18nProps {
	needId: number;
	/** How many the need asks for: the offer's quantity starts there, within what is left. */
	quantity: number;
	/** The person in need, whom a donor who offered may block. */
	owner: { id: string; name: string };
	/** Whether the viewer blocked them already. */
	ownerBlocked: boolean;
}

/**
 * A donor's panel on a need's page: their own offers to it (withdrawable while unanswered),
 * "Offer one of my items", which loads their available listings only when pressed, and "List a
 * new item for this need", the item form filled from the need; once they offered, a button to
 * block the person in need (which withdraws their open offers). Needs the `needs`, `blocks` and
 * `common` namespaces.
 */
export const OfferPanel = withTranslations(function OfferPanel({
	locale,
	needId,
	quantity,
	owner,
	ownerBlocked,
}: OfferPanelProps) {
	const { t } = useTranslation();
	const id = useId();
	const [mine, setMine] = useState<NeedOffer[]>([]);
	const [items, setItems] = useState<OfferableItem[] | null>(null);
	const [open, setOpen] = useState(false);
	const [itemId, setItemId] = useState('');
	const [count, setCount] = useState('1');
	const [message, setMessage] = useState('');
	const [busy, setBusy] = useState(false);

	const loadOffers = useCallback(() => {
		needCalls
			.offers(needId)
			.then(setMine)
			.catch(() => setMine([]));
	}, [needId]);

	useEffect(loadOffers, [loadOffers]);

	async function start() {
		setOpen(true);
		if (items) return;
		try {
			const loaded = await needCalls.offerableItems();
			setItems(loaded);
			const first = loaded[0];
			if (first) {
				setItemId(String(first.id));
				setCount(String(Math.min(quantity, first.left)));
			}
		} catch (error) {
			setOpen(false);
			void showToast('error', failureText(error, t('common.error')));
		}
	}

	async function run(call: () => Promise<unknown>, done: string) {
		setBusy(true);
		try {
			await call();
			flashToast('success', done);
			window.location.reload();
		} catch (error) {
			void showToast('error', failureText(error, t('needs.offers.failed')));
			setBusy(false);
		}
	}

	function send(event: SubmitEvent<HTMLFormElement>) {
		event.preventDefault();
		void run(
			() =>
				needCalls.offer(needId, {
					itemId: Number(itemId),
					quantity: Number(count),
					message: message.trim() || null,
				}),
			t('needs.offer.sent'),
		);
	}

	return (
		<section className="flex flex-col gap-3" data-testid="offer-panel">
			{mine.length > 0 && (
				<>
					<ul className="flex flex-col gap-2">
						{mine.map((offer) => (
							<li key={offer.id} className="card bg-base-200 p-3" data-testid="my-offer">
								<p className="font-semibold">
									{t('needs.offer.yours')}: {offer.item.name} ·{' '}
									{t('needs.offers.quantity', { count: offer.quantity })}
								</p>
								<p className="badge badge-sm">{t(`needs.offers.state.${offer.state}`)}</p>
								{offer.state === 'open' && (
									<button
										type="button"
										className="btn btn-ghost btn-sm self-start"
										disabled={busy}
										onClick={() =>
											run(() => needCalls.withdraw(offer.id), t('needs.offer.withdrawn'))
										}
									>
										{t('needs.offer.withdraw')}
									</button>
								)}
							</li>
						))}
					</ul>
					<div>
						<BlockButton
							userId={owner.id}
							name={owner.name}
							blocked={ownerBlocked}
							onChange={loadOffers}
						/>
					</div>
				</>
			)}
			{!open ? (
				<button type="button" className="btn btn-primary" onClick={start}>
					{t('needs.offer.button')}
				</button>
			) : items === null ? (
				<span className="loading loading-spinner" aria-label={t('needs.offer.loading')} />
			) : items.length === 0 ? (
				<p>{t('needs.offer.noItems')}</p>
			) : (
				<form onSubmit={send} className="card flex flex-col gap-2 bg-base-200 p-4" aria-busy={busy}>
					<h2 className="font-bold">{t('needs.offer.heading')}</h2>
					<label className="fieldset" htmlFor={`${id}-item`}>
						<span className="fieldset-legend">{t('needs.offer.item')}</span>
						<select
							id={`${id}-item`}
							className="select w-full"
							value={itemId}
							onChange={(event) => setItemId(event.currentTarget.value)}
						>
							{items.map((item) => (
								<option key={item.id} value={item.id}>
									{t('needs.offer.itemOption', { name: item.name, count: item.left })}
								</option>
							))}
						</select>
					</label>
					<label className="fieldset" htmlFor={`${id}-quantity`}>
						<span className="fieldset-legend">{t('needs.offer.quantity')}</span>
						<input
							id={`${id}-quantity`}
							type="number"
							min={1}
							inputMode="numeric"
							className="input w-full"
							value={count}
							onChange={(event) => setCount(event.currentTarget.value)}
						/>
					</label>
					<label className="fieldset" htmlFor={`${id}-message`}>
						<span className="fieldset-legend">{t('needs.offer.message')}</span>
						<textarea
							id={`${id}-message`}
							className="textarea w-full"
							maxLength={needLimits.offerMessageMax}
							value={message}
							onChange={(event) => setMessage(event.currentTarget.value)}
						/>
						<span className="text-sm">
							{t('needs.offer.counter', { count: message.length, max: needLimits.offerMessageMax })}
						</span>
					</label>
					<div className="flex gap-2">
						<button type="submit" className="btn btn-primary" disabled={busy}>
							{t(busy ? 'needs.offer.sending' : 'needs.offer.send')}
						</button>
						<button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
							{t('needs.offer.cancel')}
						</button>
					</div>
				</form>
			)}
			<a className="btn btn-outline" href={localizePath(`/donate-item?need=${needId}`, locale)}>
				{t('needs.offer.listNew')}
			</a>
		</section>
	);
});
