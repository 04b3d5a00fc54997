/**
 * On every page, kept tiny: catches the browser's install prompt as early as the page runs,
 * shows the menu's install entry when installing is possible, and links the manifest and
 * registers the service worker once the page has loaded and the browser is idle. The install
 * dialog and the update toast load when they are needed.
 */
import { needsHomeScreenSteps, serviceWorkerPath } from './web-app';

/** The `beforeinstallprompt` event, which Chromium fires when the site may be installed. */
export interface InstallPrompt extends Event {
	prompt(): Promise<unknown>;
}

let installPrompt: InstallPrompt | null = null;

function showInstallEntries(shown: boolean): void {
	for (const entry of document.querySelectorAll<HTMLElement>('[data-app-install-entry]')) {
		entry.hidden = !shown;
	}
}

/** Wires installing and the service worker on this page. */
export function setUpWebApp(): void {
	window.addEventListener('beforeinstallprompt', (event) => {
		// Kept for the menu's entry rather than shown as the browser's own mini bar.
		event.preventDefault();
		installPrompt = event as InstallPrompt;
		showInstallEntries(true);
	});
	window.addEventListener('appinstalled', () => {
		installPrompt = null;
		showInstallEntries(false);
	});
	const standalone =
		matchMedia('(display-mode: standalone)').matches ||
		(navigator as { standalone?: boolean }).standalone === true;
	const { userAgent, maxTouchPoints } = navigator;
	if (needsHomeScreenSteps({ userAgent, maxTouchPoints, standalone })) showInstallEntries(true);
	document.addEventListener('click', (event) => {
		if (!(event.target instanceof Element) || !event.target.closest('[data-app-install]')) return;
		const prompt = installPrompt;
		// A prompt can be shown once; the browser fires a new event if it may be asked again.
		installPrompt = null;
		if (prompt) showInstallEntries(false);
		void import('./app-install').then((dialog) => dialog.install(prompt));
	});
	// Safari has no idle callback: a moment after load will do there.
	const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
	const afterLoad = () =>
		whenIdle(() => {
			linkManifest();
			if ('serviceWorker' in navigator) void registerWorker();
		});
	if (document.readyState === 'complete') afterLoad();
	else window.addEventListener('load', afterLoad, { once: true });
}

/**
 * Links the page's manifest (`data-app-manifest` on the body). A manifest in the HTML has the
 * browser fetch it and its icon and check whether the site installs while the page itself
 * loads; linked after load, that work waits until the page's own is done.
 */
function linkManifest(): void {
	const href = document.body.dataset.appManifest;
	if (!href || document.querySelector('link[rel="manifest"]')) return;
	const link = document.createElement('link');
	link.rel = 'manifest';
	link.href = href;
	document.head.append(link);
}

async function registerWorker(): Promise<void> {
	const { serviceWorker } = navigator;
	const registration = await serviceWorker.register(serviceWorkerPath);
	// A new version that installs while an older one serves the page waits for the visitor.
	const offer = (worker: ServiceWorker) => {
		if (serviceWorker.controller) void import('./app-update').then((toast) => toast.offer(worker));
	};
	if (registration.waiting) offer(registration.waiting);
	registration.addEventListener('updatefound', () => {
		const incoming = registration.installing;
		incoming?.addEventListener('statechange', () => {
			if (incoming.state === 'installed') offer(incoming);
		});
	});
	// A tab or installed app left open for days still learns of a deploy when it comes back.
	document.addEventListener('visibilitychange', () => {
		if (document.visibilityState === 'visible') void registration.update().catch(() => {});
	});
}
