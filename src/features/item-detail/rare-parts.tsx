/**
 * Parts of an item's page that only some viewers see: the donor's own panel, and the viewer's
 * request once they made one. The server renders them as any part; the browser loads them only
 * for a page that shows them, so a visitor downloads neither (decision 044). They sit in
 * `<Suspense>`: during hydration React keeps the server's HTML until the part has loaded.
 */
import { lazy } from 'react';

const loadOwnerPanel = () => import('./OwnerPanel');
const loadYourRequest = () => import('./YourRequest');

// The server loads both before it renders anything, so it never waits for one mid-render. The
// browser's build drops this line: there they are imported only where `lazy` asks for them.
const loaded = import.meta.env.SSR
	? { ...(await loadOwnerPanel()), ...(await loadYourRequest()) }
	: undefined;

export const OwnerPanel =
	loaded?.OwnerPanel ?? lazy(() => loadOwnerPanel().then((part) => ({ default: part.OwnerPanel })));

export const YourRequest =
	loaded?.YourRequest ??
	lazy(() => loadYourRequest().then((part) => ({ default: part.YourRequest })));

/** Starts loading the viewer's request part, e.g. as they ask, so it shows as soon as it exists. */
export async function preloadYourRequest(): Promise<void> {
	if (!import.meta.env.SSR) await loadYourRequest();
}
