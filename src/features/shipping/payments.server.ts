import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** What the payment provider is asked to collect for an order. */
export interface PaymentRequest {
	orderId: string;
	/** Whole rupiah; the sum of `price × quantity` over `items`. */
	total: number;
	items: { id: string; name: string; price: number; quantity: number }[];
	customer: { name: string; email: string | null; phone: string };
}

/** Where the payer goes to pay: a Snap token and its redirect page, or the built-in page. */
export interface PaymentSession {
	token: string | null;
	redirectUrl: string | null;
}

/** A notification or a status check, its fields as the provider sent them (all text). */
export interface PaymentReport {
	orderId: string;
	statusCode: string;
	grossAmount: string;
	transactionStatus: string;
	fraudStatus: string | undefined;
	signatureKey: string;
}

/** A payment provider: Midtrans Snap, or the built-in simulation. */
export interface PaymentProvider {
	/** True for the built-in page, which marks itself as a simulation. */
	simulated: boolean;
	/** The Snap.js address and client key the payment page loads, or null in the simulation. */
	snap: { scriptUrl: string; clientKey: string } | null;
	start(request: PaymentRequest): Promise<PaymentSession>;
	/** Asks the provider how the order's payment stands; null when it knows no such payment. */
	status(orderId: string): Promise<PaymentReport | null>;
	/** Gives `amount` back to the payer. */
	refund(orderId: string, amount: number, reason: string): Promise<void>;
	/** Whether a report's signature is the provider's. */
	verify(report: PaymentReport): boolean;
	/** Only the simulation: signs a report of its own payment page, as Midtrans signs its own. */
	sign?(report: Omit<PaymentReport, 'signatureKey'>): string;
}

/** The provider refused or could not be reached; `retryable` for 5xx and time-outs. */
export class PaymentProviderError extends Error {
	constructor(
		message: string,
		readonly retryable: boolean,
		options?: ErrorOptions,
	) {
		super(message, options);
	}
}

/** The notification body's fields that are read; every other field is kept only in the raw copy. */
export const paymentReportSchema = z.object({
	order_id: z.string().min(1),
	status_code: z.string().min(1),
	gross_amount: z.string().min(1),
	transaction_status: z.string().min(1),
	fraud_status: z.string().optional(),
	signature_key: z.string().min(1),
});

/** Reads a notification or a status answer; null when a field it needs is missing or not text. */
export function readPaymentReport(body: unknown): PaymentReport | null {
	const parsed = paymentReportSchema.safeParse(body);
	if (!parsed.success) return null;
	const fields = parsed.data;
	return {
		orderId: fields.order_id,
		statusCode: fields.status_code,
		grossAmount: fields.gross_amount,
		transactionStatus: fields.transaction_status,
		fraudStatus: fields.fraud_status,
		signatureKey: fields.signature_key,
	};
}

/**
 * Midtrans's signature: sha512 of order id, status code, gross amount and server key, each the
 * raw text of the body (`"154600.00"` stays as it came), hex encoded.
 */
export function paymentSignature(report: Omit<PaymentReport, 'signatureKey'>, serverKey: string) {
	return createHash('sha512')
		.update(report.orderId + report.statusCode + report.grossAmount + serverKey)
		.digest('hex');
}

/** Compares the report's signature with the expected one in constant time. */
export function signatureMatches(report: PaymentReport, serverKey: string): boolean {
	const expected = Buffer.from(paymentSignature(report, serverKey), 'utf8');
	const given = Buffer.from(report.signatureKey.toLowerCase(), 'utf8');
	return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The gross amount's text as whole rupiah (`"154600.00"` → 154600), or null when it is not. */
export function grossRupiah(text: string): number | null {
	const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
	if (!match || (match[2] && Number(match[2]) !== 0)) return null;
	return Number(match[1]);
}

/** The outcome a report stands for as the provider's docs define paid. */
export function reportOutcome(
	report: Pick<PaymentReport, 'statusCode' | 'transactionStatus' | 'fraudStatus'>,
): 'success' | 'pending' | 'cancelled' | 'failed' | 'expired' | 'refunded' | 'error' {
	switch (report.transactionStatus) {
		case 'settlement':
		case 'capture':
			if (report.statusCode !== '200') return 'pending';
			return report.fraudStatus === undefined || report.fraudStatus === 'accept'
				? 'success'
				: 'failed';
		case 'pending':
		case 'authorize':
			return 'pending';
		case 'cancel':
			return 'cancelled';
		case 'deny':
			return 'failed';
		case 'failure':
			// Midtrans: "an unexpected error occurred during transaction processing".
			return 'error';
		case 'expire':
			return 'expired';
		case 'refund':
		case 'partial_refund':
			return 'refunded';
		default:
			return 'error';
	}
}
