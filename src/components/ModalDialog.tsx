import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

interface ModalDialogProps {
	/** Opens the dialog when it turns true. The dialog closes itself, then calls `onClose`. */
	open: boolean;
	title: string;
	message: string;
	/** What the dialog asks besides, under the message; it is told whether the step is running. */
	children?: (busy: boolean) => ReactNode;
	/** The label of the button that goes back without doing anything. */
	cancelLabel: string;
	confirmLabel: string;
	/**
	 * The confirm button's colour: red (the default) for a step that takes something away, the
	 * primary colour for one that moves a giving on.
	 */
	confirmTone?: 'btn-error' | 'btn-primary';
	/** The label the confirm button shows while `onConfirm` runs. */
	busyLabel: string;
	/** The dialog is opening, e.g. to start a choice afresh. */
	onOpen?: () => void;
	/**
	 * Takes the step; the dialog closes when it settles, unless it answers `false`: the step was
	 * refused and the dialog stays open to say why (in `children`).
	 */
	onConfirm: () => Promise<void | false>;
	/** The dialog has closed, confirmed or not; focus is back on the page. */
	onClose: () => void;
}

/**
 * Asks before a step that cannot be taken back. A native modal `<dialog>`: focus stays inside,
 * Escape cancels (not while the step runs), focus returns to the button that opened it. Cancel
 * comes first, so it has the focus. Its box is a form: Enter in a field confirms.
 */
export function ModalDialog({
	open,
	title,
	message,
	children,
	cancelLabel,
	confirmLabel,
	confirmTone = 'btn-error',
	busyLabel,
	onOpen,
	onConfirm,
	onClose,
}: ModalDialogProps) {
	const dialog = useRef<HTMLDialogElement>(null);
	const titleId = useId();
	const messageId = useId();
	const [busy, setBusy] = useState(false);

	// Only when `open` turns true: a render while the dialog closes must not open it again.
	useEffect(() => {
		if (!open || dialog.current?.open) return;
		onOpen?.();
		dialog.current?.showModal();
	}, [open]);

	async function confirm() {
		setBusy(true);
		let kept = false;
		try {
			kept = (await onConfirm()) === false;
		} finally {
			setBusy(false);
			if (!kept) dialog.current?.close();
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
			<form
				className="modal-box"
				noValidate
				onSubmit={(event) => {
					event.preventDefault();
					if (!busy) void confirm();
				}}
			>
				<h2 id={titleId} className="text-lg font-bold break-words">
					{title}
				</h2>
				<p id={messageId} className="py-4">
					{message}
				</p>
				{children?.(busy)}
				<div className="modal-action flex-wrap">
					<button
						type="button"
						className="btn"
						disabled={busy}
						onClick={() => dialog.current?.close()}
					>
						{cancelLabel}
					</button>
					<button type="submit" className={`btn ${confirmTone}`} disabled={busy}>
						{busy && <span className="loading loading-sm loading-spinner" aria-hidden="true" />}
						{busy ? busyLabel : confirmLabel}
					</button>
				</div>
			</form>
		</dialog>
	);
}

/**
 * What a dialog asks about: the current subject, or the last one while the dialog closes, so its
 * text does not blank out.
 */
export function useLastShown<T>(subject: T | null): T | null {
	const [shown, setShown] = useState(subject);
	if (subject !== null && subject !== shown) setShown(subject);
	return subject ?? shown;
}
