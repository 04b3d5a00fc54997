import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockButton } from '~/features/blocks/BlockButton';
import { type IslandI18nProps, withTranslations } from '~/lib/i18n/island';
import { localizePath } from '~/lib/i18n/locales';
import { flashToast, showToast } from '~/lib/toast';
import { failureText, needCalls } from './need-calls';
import type { NeedOffer, NeedState } from './needs';

export interface NeedOwnerPanelProps extends IslandI18nProps {
	needId: number;
	title: string;
	state: NeedState;
}

/**
 * The need's owner's panel on its page: edit, renew, mark fulfilled, close or delete it, and the
 * offers made to it with Accept and Decline, each accepted one linking to its request, and a
 * block button for each offer's donor. Every other change reloads the page, which the server
 * renders anew. Needs the `needs`, `blocks` and `common` namespaces.
 */
export const NeedOwnerPanel = withTranslations(function NeedOwnerPanel({
	locale,
	needId,
	title,
	state,
}: NeedOwnerPanelProps) {
	const { t } = useTranslation();
	const [offers, setOffers] = useState<NeedOffer[] | null>(null);
	const [busy, setBusy] = useState(false);

	// Read again after a block, which declines the blocked donor's open offers.
	const loadOffers = useCallback(() => {
		needCalls
			.offers(needId)
			.then(setOffers)
			.catch(() => setOffers([]));
	}, [needId]);
	useEffect(loadOffers, [loadOffers]);

	async function run(call: () => Promise<unknown>, done: string, to?: string) {
		setBusy(true);
		try {
			await call();
			flashToast('success', done);
			if (to) window.location.assign(to);
			else window.location.reload();
		} catch (error) {
			void showToast('error', failureText(error, t('needs.owner.failed')));
			setBusy(false);
		}
	}

	function remove() {
		if (!window.confirm(t('needs.owner.deleteConfirm', { title }))) return;
		void run(
			() => needCalls.remove(needId),
			t('needs.owner.deleted'),
			localizePath('/my-needs', locale),
		);
	}

	return (
		<section className="flex flex-col gap-4" data-testid="need-owner-panel">
			<div className="flex flex-wrap gap-2">
				{state === 'open' && (
					<a className="btn btn-sm" href={localizePath(`/needs/${needId}/edit`, locale)}>
						{t('needs.owner.edit')}
					</a>
				)}
				{state !== 'fulfilled' && (
					<button
						type="button"
						className="btn btn-sm"
						disabled={busy}
						onClick={() => run(() => needCalls.renew(needId), t('needs.owner.renewed'))}
					>
						{t('needs.owner.renew')}
					</button>
				)}
				{state === 'open' && (
					<>
						<button
							type="button"
							className="btn btn-sm btn-success"
							disabled={busy}
							onClick={() =>
								run(() => needCalls.close(needId, 'fulfilled'), t('needs.state.fulfilled'))
							}
						>
							{t('needs.owner.fulfil')}
						</button>
						<button
							type="button"
							className="btn btn-sm"
							disabled={busy}
							onClick={() => run(() => needCalls.close(needId, 'closed'), t('needs.state.closed'))}
						>
							{t('needs.owner.close')}
						</button>
					</>
				)}
				<button
					type="button"
					className="btn btn-sm btn-error btn-outline"
					disabled={busy}
					onClick={remove}
				>
					{t('needs.owner.delete')}
				</button>
			</div>
			<h2 className="text-xl font-bold">{t('needs.offers.heading')}</h2>
			{offers === null ? (
				<span className="loading loading-spinner" aria-label={t('needs.offer.loading')} />
			) : offers.length === 0 ? (
				<p>{t('needs.offers.empty')}</p>
			) : (
				<ul className="flex flex-col gap-3">
					{offers.map((offer) => (
						<li key={offer.id} className="card bg-base-200 p-3" data-testid="need-offer">
							<div className="flex items-center gap-3">
								{offer.item.cover && (
									<img
										src={offer.item.cover}
										alt=""
										width={64}
										height={64}
										className="size-16 rounded object-cover"
									/>
								)}
								<div className="min-w-0 flex-1">
									<a
										className="link font-semibold"
										href={localizePath(`/items/${offer.item.id}`, locale)}
									>
										{offer.item.name}
									</a>
									<p className="text-sm">
										{t('needs.offers.quantity', { count: offer.quantity })} ·{' '}
										{t('needs.offers.from', { name: offer.donor.name })}
									</p>
									{offer.message && <p className="text-sm italic">{offer.message}</p>}
									<p className="badge badge-sm">{t(`needs.offers.state.${offer.state}`)}</p>
								</div>
							</div>
							{offer.state === 'open' && state === 'open' && (
								<div className="mt-2 flex gap-2">
									<button
										type="button"
										className="btn btn-sm btn-primary"
										disabled={busy}
										onClick={() =>
											run(() => needCalls.accept(offer.id), t('needs.offers.accepted'))
										}
									>
										{t('needs.offers.accept')}
									</button>
									<button
										type="button"
										className="btn btn-sm"
										disabled={busy}
										onClick={() =>
											run(() => needCalls.decline(offer.id), t('needs.offers.declined'))
										}
									>
										{t('needs.offers.decline')}
									</button>
								</div>
							)}
							{offer.requestId !== null && (
								<a className="link mt-2 text-sm" href={localizePath('/my-requests', locale)}>
									{t('needs.offers.viewRequest')}
								</a>
							)}
							<div className="mt-2">
								<BlockButton
									userId={offer.donor.id}
									name={offer.donor.name}
									blocked={offer.donorBlocked}
									onChange={loadOffers}
								/>
							</div>
						</li>
					))}
				</ul>
			)}
		</section>
	);
});
