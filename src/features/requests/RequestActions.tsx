import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { ModalDialog, useLastShown } from '~/components/ModalDialog';
import { WhatsAppIcon } from '~/components/WhatsAppIcon';
import { ApiError } from '~/lib/api-client';
import { useHydrated } from '~/lib/hydrated';
import { showToast } from '~/lib/toast';
import type { ItemRequest } from './requests';
import { moveRequest } from './requests.queries';

/** The steps a receiver takes on their request. */
const receiverActions = ['confirm', 'dispute', 'reportNoShow', 'withdraw'] as const;
type ReceiverAction = (typeof receiverActions)[number];

const toastOf = {
	confirm: 'myRequests.toasts.confirmed',
	dispute: 'myRequests.toasts.disputed',
	withdraw: 'myRequests.toasts.withdrawn',
	reportNoShow: 'myRequests.toasts.reportedNoShow',
} as const;

interface RequestActionsProps {
	request: ItemRequest;
	/** The WhatsApp chat with the donor, while the request is in progress. */
	chatUrl: string | null;
	/** Smaller buttons, for a list. */
	compact?: boolean;
	/**
	 * A change was saved or refused: read the requests again. Called once a dialog has closed,
	 * so that the request moving on never pulls the dialog away under the receiver.
	 */
	onChanged: () => Promise<unknown>;
	t: TFunction;
}

/**
 * What the receiver can do about a request now: confirm a hand-over or say it never came, chat
 * with the donor, say the donor did not answer or was not there (ending the reservation as their
 * no-show), withdraw. None of these can be taken back, so a dialog naming the item and the
 * donor asks first. Each outcome is a toast; the request's new state then shows where the buttons were.
 */
export function RequestActions({ request, chatUrl, compact, onChanged, t }: RequestActionsProps) {
	const [pending, setPending] = useState<ReceiverAction | null>(null);
	const [asking, setAsking] = useState<ReceiverAction | null>(null);
	// Whether the dialog's step was taken, to read the request again once the dialog has closed.
	const taken = useRef(false);
	const hydrated = useHydrated();
	const name = request.item.name;
	// The question stays while the dialog closes, so its text does not blank out.
	const asked = useLastShown(asking);
	const offered = (action: ReceiverAction) => request.actions.includes(action);
	// Long labels wrap on a phone rather than overflow their button.
	const size = compact ? 'btn-sm h-auto min-h-8 py-1' : 'h-auto min-h-10 py-2';

	/** Saves one step and says how it went; a refusal too leaves the request to be read again. */
	async function take(action: ReceiverAction) {
		setPending(action);
		try {
			await moveRequest(request.id, action);
			void showToast('success', t(toastOf[action]));
		} catch (error) {
			const message = error instanceof ApiError && error.message;
			void showToast('error', message || t('myRequests.toasts.failed'));
		}
		setPending(null);
	}

	const label = (action: ReceiverAction) =>
		pending === action ? t('myRequests.actions.saving') : t(`myRequests.actions.${action}`);

	if (!chatUrl && !receiverActions.some(offered) && !asking) return null;

	const button = (action: ReceiverAction, tone: string) =>
		offered(action) && (
			<button
				type="button"
				className={`btn ${size} ${tone}`}
				disabled={!hydrated}
				aria-disabled={pending !== null || undefined}
				onClick={() => {
					if (!pending) setAsking(action);
				}}
			>
				{pending === action && (
					<span aria-hidden="true" className="loading loading-spinner loading-sm" />
				)}
				{label(action)}
			</button>
		);

	return (
		<div
			role="group"
			aria-label={t('myRequests.actions.label', { name })}
			className="grid gap-2 sm:flex sm:flex-wrap"
		>
			{button('confirm', 'btn-primary')}
			{button('dispute', 'btn-outline')}
			{chatUrl && (
				<a
					href={chatUrl}
					target="_blank"
					rel="noopener noreferrer"
					className={`btn btn-outline btn-success ${size}`}
				>
					<WhatsAppIcon />
					{t('myRequests.actions.chat')}
					<span className="sr-only">{t('myRequests.actions.opensNewWindow')}</span>
				</a>
			)}
			{button('reportNoShow', 'btn-ghost')}
			{button('withdraw', 'btn-ghost text-error')}
			<ModalDialog
				open={asking !== null}
				title={asked ? t(`myRequests.dialogs.${asked}.title`) : ''}
				message={
					asked
						? t(`myRequests.dialogs.${asked}.message`, { name, donor: request.donor?.name ?? '' })
						: ''
				}
				cancelLabel={t('myRequests.dialogs.back')}
				confirmLabel={asked ? t(`myRequests.dialogs.${asked}.confirm`) : ''}
				confirmTone={asked === 'confirm' ? 'btn-primary' : 'btn-error'}
				busyLabel={t('myRequests.actions.saving')}
				onConfirm={async () => {
					if (!asking) return;
					await take(asking);
					taken.current = true;
				}}
				onClose={() => {
					setAsking(null);
					if (!taken.current) return;
					taken.current = false;
					void onChanged();
				}}
			/>
		</div>
	);
}
