import { useEffect, useId, useRef, useState } from 'react';

/** What the dialog asks: shown while there is a question, closed when there is none. */
export interface DialogQuestion {
	title: string;
	message: string;
	confirm: string;
}

interface ConfirmDialogProps {
	question: DialogQuestion | null;
	/** The label of the button that goes back without doing anything. */
	back: string;
	/** The label the confirm button shows while `onConfirm` runs. */
	busyLabel: string;
	/** Does what was asked; the dialog closes when it settles. */
	onConfirm: () => Promise<void>;
	/** The dialog has closed, confirmed or not; focus is back on the page. */
	onClose: () => void;
}

/**
 * Asks before a step that tells the donor something (withdrawing, "I did not receive it"). A
 * native modal `<dialog>`: focus stays inside, Escape goes back, focus returns to the button that
 * opened it; Back comes first, so it has the focus.
 */
export function ConfirmDialog({
	question,
	back,
	busyLabel,
	onConfirm,
	onClose,
}: ConfirmDialogProps) {
	const dialog = useRef<HTMLDialogElement>(null);
	const titleId = useId();
	const messageId = useId();
	const [busy, setBusy] = useState(false);
	// The text stays while the dialog closes, so it does not blank out.
	const [shown, setShown] = useState<DialogQuestion | null>(question);

	useEffect(() => {
		if (!question || dialog.current?.open) return;
		setShown(question);
		dialog.current?.showModal();
	}, [question]);

	async function confirm() {
		setBusy(true);
		try {
			await onConfirm();
		} finally {
			setBusy(false);
			dialog.current?.close();
		}
	}

	return (
		<dialog
			ref={dialog}
			className="modal"
			aria-labelledby={titleId}
			aria-describedby={messageId}
			onClose={onClose}
			onCancel={(event) => {
				if (busy) event.preventDefault();
			}}
		>
			<div className="modal-box">
				<h2 id={titleId} className="text-lg font-bold">
					{shown?.title}
				</h2>
				<p id={messageId} className="py-4">
					{shown?.message}
				</p>
				<div className="modal-action flex-wrap">
					<button
						type="button"
						className="btn"
						disabled={busy}
						onClick={() => dialog.current?.close()}
					>
						{back}
					</button>
					<button
						type="button"
						className="btn btn-error"
						disabled={busy}
						onClick={() => void confirm()}
					>
						{busy && <span className="loading loading-sm loading-spinner" aria-hidden="true" />}
						{busy ? busyLabel : shown?.confirm}
					</button>
				</div>
			</div>
		</dialog>
	);
}
