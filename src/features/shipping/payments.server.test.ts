import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
	grossRupiah,
	paymentSignature,
	readPaymentReport,
	reportOutcome,
	signatureMatches,
} from './payments.server';

const serverKey = 'SB-Mid-server-key';

/** A payment notification as Midtrans sends it, signed the way its docs say. */
const notification = {
	transaction_time: '2021-06-15 18:45:13',
	transaction_status: 'settlement',
	transaction_id: '513f1f01-c9da-474c-9fc9-d5c64364b709',
	status_code: '200',
	payment_type: 'gopay',
	order_id: 'Order-5100',
	gross_amount: '154600.00',
	fraud_status: 'accept',
	currency: 'IDR',
	signature_key: createHash('sha512').update(`Order-5100200154600.00${serverKey}`).digest('hex'),
};

describe('payment notifications', () => {
	it('signs over the raw texts: "154600.00" is not "154600"', () => {
		const report = readPaymentReport(notification)!;
		expect(signatureMatches(report, serverKey)).toBe(true);
		expect(signatureMatches({ ...report, grossAmount: '154600' }, serverKey)).toBe(false);
		expect(signatureMatches(report, 'another-key')).toBe(false);
		expect(signatureMatches({ ...report, signatureKey: 'short' }, serverKey)).toBe(false);
		expect(paymentSignature(report, serverKey)).toBe(notification.signature_key);
	});

	it('refuses a body without the fields it signs, or with numbers for texts', () => {
		expect(readPaymentReport({ ...notification, signature_key: undefined })).toBeNull();
		expect(readPaymentReport({ ...notification, gross_amount: 154600 })).toBeNull();
		expect(readPaymentReport('settlement')).toBeNull();
	});

	it('reads whole rupiah only', () => {
		expect(grossRupiah('154600.00')).toBe(154_600);
		expect(grossRupiah('154600')).toBe(154_600);
		expect(grossRupiah('154600.50')).toBeNull();
		expect(grossRupiah('-1.00')).toBeNull();
		expect(grossRupiah('1e5')).toBeNull();
	});

	it.each([
		['settlement', '200', 'accept', 'success'],
		['capture', '200', 'accept', 'success'],
		['settlement', '200', undefined, 'success'],
		['capture', '200', 'deny', 'failed'],
		['settlement', '201', 'accept', 'pending'],
		['pending', '201', undefined, 'pending'],
		['cancel', '202', undefined, 'cancelled'],
		['deny', '202', undefined, 'failed'],
		['failure', '202', undefined, 'error'],
		['expire', '407', undefined, 'expired'],
		['refund', '200', undefined, 'refunded'],
		['something-new', '200', undefined, 'error'],
	] as const)(
		'reads %s (%s, fraud %s) as %s',
		(transactionStatus, statusCode, fraudStatus, outcome) => {
			expect(reportOutcome({ transactionStatus, statusCode, fraudStatus })).toBe(outcome);
		},
	);
});
