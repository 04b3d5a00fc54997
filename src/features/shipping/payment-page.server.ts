import type { PaymentProvider } from './payments.server';
import type { SnapSettings } from './snap';

/**
 * What the payment page adds to the site's Content-Security-Policy: with Snap exactly Midtrans's
 * origin, for its script, its popup frame and its calls; the built-in page adds none. `snap` is
 * what the page passes to the island: the script and the client key, never another.
 */
export function paymentPageSecurity(payments: Pick<PaymentProvider, 'snap'>): {
	origins: string[];
	snap: SnapSettings | null;
} {
	const origins = payments.snap ? [new URL(payments.snap.scriptUrl).origin] : [];
	return { origins, snap: payments.snap };
}
