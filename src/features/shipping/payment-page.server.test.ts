import { describe, expect, it } from 'vitest';
import { createMidtransPayments, createSimulatedPayments } from './midtrans.server';
import { paymentPageSecurity } from './payment-page.server';

describe('the payment page policy', () => {
	it("allows exactly Midtrans's origin, and passes only the client key", () => {
		const payments = createMidtransPayments({
			serverKey: 'server-secret',
			clientKey: 'client-public',
			environment: 'sandbox',
		});
		const { origins, snap } = paymentPageSecurity(payments);
		expect(origins).toEqual(['https://app.sandbox.midtrans.com']);
		expect(JSON.stringify(snap)).not.toContain('server-secret');
		expect(snap).toEqual({
			scriptUrl: 'https://app.sandbox.midtrans.com/snap/snap.js',
			clientKey: 'client-public',
		});
	});

	it('allows no other origin on the built-in page', () => {
		const { origins, snap } = paymentPageSecurity(createSimulatedPayments('key'));
		expect(origins).toEqual([]);
		expect(snap).toBeNull();
	});
});
