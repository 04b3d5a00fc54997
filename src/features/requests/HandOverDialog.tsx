import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ModalDialog, useLastShown } from '~/components/ModalDialog';
import type { ItemRequest } from './requests';

/** A hand-over the donor is about to mark: the request and how many it hands over. */
export interface HandOver {
	request: ItemRequest;
	quantity: number;
}

/** What the dialog asks, naming the item, the receiver and, when more than one, how many. */
export function handOverQuestion({ request, quantity }: HandOver, t: TFunction) {
	const name = request.receiver?.name ?? '';
	const item = request.item.name;
	return {
		title: t('itemRequests.handOverDialog.title', { name }),
		message:
			quantity === 1
				? t('itemRequests.handOverDialog.messageIt', { name, item })
				: t('itemRequests.handOverDialog.messageSome', { name, item, count: quantity }),
	};
}

interface HandOverDialogProps {
	/** The hand-over to ask about; the dialog is open while there is one. */
	handOver: HandOver | null;
	/** Marks it handed over; the dialog closes when it settles. */
	onConfirm: (handOver: HandOver) => Promise<void>;
	/** The dialog has closed (cancelled, or after `onConfirm`). */
	onClose: () => void;
}

/**
 * Asks before marking a request handed over: the receiver is then asked to confirm, and the step
 * cannot be taken back.
 */
export function HandOverDialog({ handOver, onConfirm, onClose }: HandOverDialogProps) {
	const { t } = useTranslation();
	const shown = useLastShown(handOver);
	const question = shown ? handOverQuestion(shown, t) : { title: '', message: '' };
	return (
		<ModalDialog
			open={handOver !== null}
			title={question.title}
			message={question.message}
			cancelLabel={t('itemRequests.handOverDialog.cancel')}
			confirmLabel={t('itemRequests.handOverDialog.confirm')}
			confirmTone="btn-primary"
			busyLabel={t('itemRequests.actions.saving')}
			onConfirm={async () => {
				if (handOver) await onConfirm(handOver);
			}}
			onClose={onClose}
		/>
	);
}
