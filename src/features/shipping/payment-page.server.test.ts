import { describe, expect, it } from 'vitest';
import { createMidtransPayments, createSimulatedPayments } from './midtrans.server';
import { paymentPageSecurity } from './payment-page.server';

describe('the payment page policy', () => {
	it("allows exactly Midtrans's origin for Snap's script and frame, and only the client key", () => {
		const payments = createMidtransPayments({
			serverKey: 'server-secret',
			clientKey: 'client-public',
			environment: 'sandbox',
		});
		const { policy, snap } = paymentPageSecurity(payments);
		expect(policy).toContain("script-src 'self' 'unsafe-inline' https://app.sandbox.midtrans.com;");
		expect(policy).toContain('frame-src https://app.sandbox.midtrans.com;');
		expect(JSON.stringify(snap)).not.toContain('server-secret');
		expect(snap).toEqual({
			scriptUrl: 'https://app.sandbox.midtrans.com/snap/snap.js',
			clientKey: 'client-public',
		});
	});

	it('allows no other origin on the built-in page', () => {
		const { policy, snap } = paymentPageSecurity(createSimulatedPayments('key'));
		expect(policy).not.toContain('midtrans');
		expect(policy).toContain("frame-src 'none'");
		expect(snap).toBeNull();
	});
});
