/** How toasts behave across the site (docs/product-rules.md#toasts). */
export const toastSettings = {
	maxVisible: 20,
	durationMs: { default: 5000, success: 3000, error: 4000 },
} as const;

export type ToastKind = 'success' | 'error' | 'info' | 'warning' | 'message';

/** A button in the toast; a toast with one stays until it is used or closed. */
export interface ToastAction {
	label: string;
	onClick: () => void;
}

const flashStorageKey = 'hibahin.flashToast';

/**
 * Shows a toast. The toaster (React and sonner) loads on the first toast of a page, so pages
 * that never show one never download it.
 */
export async function showToast(
	kind: ToastKind,
	message: string,
	action?: ToastAction,
): Promise<void> {
	const { toast } = await import('./toaster-mount');
	await toast(kind, message, action);
}

/** Keeps a toast for the next page, for messages that precede a navigation ("Item created"). */
export function flashToast(kind: ToastKind, message: string): void {
	sessionStorage.setItem(flashStorageKey, JSON.stringify({ kind, message }));
}

/** Shows the toast a previous page left with `flashToast`, once. */
export function showFlashedToast(): void {
	const raw = takeFlashedToast();
	if (!raw) return;
	const flashed: unknown = JSON.parse(raw);
	if (
		flashed &&
		typeof flashed === 'object' &&
		'kind' in flashed &&
		'message' in flashed &&
		typeof flashed.message === 'string'
	) {
		void showToast(flashed.kind as ToastKind, flashed.message);
	}
}

function takeFlashedToast(): string | null {
	try {
		const raw = sessionStorage.getItem(flashStorageKey);
		sessionStorage.removeItem(flashStorageKey);
		return raw;
	} catch {
		// Storage disabled: there is nothing to show.
		return null;
	}
}
