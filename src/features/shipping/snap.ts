/** Midtrans Snap.js in the browser: loaded only on the payment page, only when it is used. */

/** Where Snap.js comes from and the one key the page may hold. */
export interface SnapSettings {
	scriptUrl: string;
	clientKey: string;
}

/** The screens Snap's callbacks may choose, before the server says how the payment stands. */
export type SnapCallback = 'pending' | 'error' | 'cancelled';

interface SnapCallbacks {
	onSuccess: () => void;
	onPending: () => void;
	onError: () => void;
	onClose: () => void;
}

type SnapWindow = Window & { snap?: { pay(token: string, callbacks: SnapCallbacks): void } };

let loading: Promise<boolean> | null = null;

/** Adds Snap.js with the client key, once; resolves false if it cannot be loaded. */
function loadSnap(settings: SnapSettings): Promise<boolean> {
	loading ??= new Promise<boolean>((resolve) => {
		const script = document.createElement('script');
		script.src = settings.scriptUrl;
		script.dataset['clientKey'] = settings.clientKey;
		script.onload = () => resolve(Boolean((window as SnapWindow).snap));
		script.onerror = () => {
			loading = null;
			script.remove();
			resolve(false);
		};
		document.head.append(script);
	});
	return loading;
}

/**
 * Opens Snap's popup for `token`. Every callback, success included, is only a hint: `settled`
 * is told which screen to show while the server is asked. Resolves false when Snap.js could not
 * be loaded, for the caller to use the redirect page instead.
 */
export async function openSnap(
	settings: SnapSettings,
	token: string,
	settled: (screen: SnapCallback) => void,
): Promise<boolean> {
	if (!(await loadSnap(settings))) return false;
	(window as SnapWindow).snap!.pay(token, {
		onSuccess: () => settled('pending'),
		onPending: () => settled('pending'),
		onError: () => settled('error'),
		onClose: () => settled('cancelled'),
	});
	return true;
}
