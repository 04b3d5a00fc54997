import { showToast } from '~/lib/toast';
import { skipWaitingMessage } from './web-app';

/**
 * Offers the new version that `worker` holds: a toast "A new version of Hibahin is ready ·
 * Reload". Reloading lets the worker take over first, so the page comes back with the new files.
 * Loaded only when a deploy is found.
 */
export async function offer(worker: ServiceWorker): Promise<void> {
	const { appUpdate = '', appReload = '' } = document.body.dataset;
	await showToast('info', appUpdate, {
		label: appReload,
		onClick: () => {
			navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
				once: true,
			});
			worker.postMessage(skipWaitingMessage);
		},
	});
}
