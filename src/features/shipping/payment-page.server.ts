import type { PaymentProvider } from './payments.server';
import type { SnapSettings } from './snap';

/**
 * The payment page's Content-Security-Policy: the site's own scripts, and with Snap exactly
 * Midtrans's origin for its script, its popup frame and its calls; the built-in page needs none.
 * `snap` is what the page passes to the island: the script and the client key, never another.
 */
export function paymentPageSecurity(payments: Pick<PaymentProvider, 'snap'>): {
	policy: string;
	snap: SnapSettings | null;
} {
	const origin = payments.snap ? new URL(payments.snap.scriptUrl).origin : null;
	const extra = origin ? ` ${origin}` : '';
	const policy = [
		"default-src 'self'",
		// Astro's islands start from small inline scripts.
		`script-src 'self' 'unsafe-inline'${extra}`,
		`frame-src ${origin ?? "'none'"}`,
		`connect-src 'self'${extra}`,
		"img-src 'self' data: blob: https:",
		"style-src 'self' 'unsafe-inline'",
		"font-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
	].join('; ');
	return { policy, snap: payments.snap };
}
