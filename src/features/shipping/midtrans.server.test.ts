import { describe, expect, it } from 'vitest';
import refund200 from './fixtures/midtrans-refund-200.json';
import refund412 from './fixtures/midtrans-refund-412.json';
import snap201 from './fixtures/midtrans-snap-201.json';
import snap400 from './fixtures/midtrans-snap-400.json';
import snap401 from './fixtures/midtrans-snap-401.json';
import snap500 from './fixtures/midtrans-snap-500.json';
import status404 from './fixtures/midtrans-status-404.json';
import statusSettlement from './fixtures/midtrans-status-settlement.json';
import { createMidtransPayments } from './midtrans.server';
import { paymentSignature, PaymentProviderError, type PaymentRequest } from './payments.server';

const serverKey = 'SB-Mid-server-recorded-secret-part';

/** A fetch that records each request and answers one canned response. */
function recordingFetch(body: unknown, status = 200) {
	const requests: { url: string; init: RequestInit | undefined }[] = [];
	const replay = async (input: string | URL | Request, init?: RequestInit) => {
		requests.push({ url: String(input), init });
		return new Response(JSON.stringify(body), {
			status,
			headers: { 'content-type': 'application/json' },
		});
	};
	return { fetch: replay as typeof fetch, requests };
}

/** A fetch that never answers, until its signal gives up. */
const silentFetch = ((_input: string | URL | Request, init?: RequestInit) =>
	new Promise((_resolve, reject) => {
		init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
	})) as typeof fetch;

const payments = (fetchImpl: typeof fetch, environment: 'sandbox' | 'production' = 'sandbox') =>
	createMidtransPayments({
		serverKey,
		clientKey: 'SB-Mid-client-public',
		environment,
		fetch: fetchImpl,
		timeoutMs: 50,
	});

const request: PaymentRequest = {
	orderId: 'HBH-recorded-order-0001',
	total: 25_300,
	items: [
		{ id: 'shipping', name: 'JNE Reguler', price: 23_000, quantity: 1 },
		{ id: 'service-fee', name: 'Biaya layanan', price: 2_300, quantity: 1 },
	],
	customer: { name: 'Siti Rahma', email: null, phone: '+6281234567890' },
};

async function refusal(promise: Promise<unknown>): Promise<PaymentProviderError> {
	const error = await promise.then(
		() => expect.unreachable('expected a PaymentProviderError'),
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(PaymentProviderError);
	expect((error as Error).message).not.toContain('secret-part');
	return error as PaymentProviderError;
}

describe('Midtrans Snap', () => {
	it('opens a transaction with Basic auth, the total and its lines (201)', async () => {
		const { fetch, requests } = recordingFetch(snap201, 201);
		const session = await payments(fetch).start(request);
		expect(session).toEqual({ token: snap201.token, redirectUrl: snap201.redirect_url });
		const [sent] = requests;
		expect(sent!.url).toBe('https://app.sandbox.midtrans.com/snap/v1/transactions');
		const headers = new Headers(sent!.init!.headers);
		expect(headers.get('authorization')).toBe(
			`Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`,
		);
		const body = JSON.parse(String(sent!.init!.body)) as {
			transaction_details: { gross_amount: number };
			item_details: { price: number; quantity: number }[];
		};
		expect(body.transaction_details.gross_amount).toBe(25_300);
		const sum = body.item_details.reduce((total, line) => total + line.price * line.quantity, 0);
		expect(sum).toBe(body.transaction_details.gross_amount);
	});

	it('uses the production hosts in production', async () => {
		const { fetch, requests } = recordingFetch(snap201, 201);
		const production = payments(fetch, 'production');
		await production.start(request);
		expect(requests[0]!.url).toBe('https://app.midtrans.com/snap/v1/transactions');
		expect(production.snap?.scriptUrl).toBe('https://app.midtrans.com/snap/snap.js');
	});

	it.each([
		[401, snap401, false],
		[400, snap400, false],
		[500, snap500, true],
	])('turns an HTTP %i into a refusal (retryable: %s)', async (status, body, retryable) => {
		const error = await refusal(payments(recordingFetch(body, status).fetch).start(request));
		expect(error.retryable).toBe(retryable);
		expect(error.message).toContain(`HTTP ${status}`);
	});

	it('gives up after its time limit', async () => {
		const error = await refusal(payments(silentFetch).start(request));
		expect(error.retryable).toBe(true);
		expect(error.message).toContain('timed out');
	});
});

describe('Midtrans status and refund', () => {
	it('reads a settled payment and checks its signature', async () => {
		const fields = {
			orderId: statusSettlement.order_id,
			statusCode: statusSettlement.status_code,
			grossAmount: statusSettlement.gross_amount,
			transactionStatus: statusSettlement.transaction_status,
			fraudStatus: statusSettlement.fraud_status,
		};
		const signed = { ...statusSettlement, signature_key: paymentSignature(fields, serverKey) };
		const { fetch, requests } = recordingFetch(signed);
		const provider = payments(fetch);
		const report = await provider.status(statusSettlement.order_id);
		expect(requests[0]!.url).toBe(
			'https://api.sandbox.midtrans.com/v2/HBH-recorded-order-0001/status',
		);
		expect(report).toMatchObject({ transactionStatus: 'settlement', grossAmount: '25300.00' });
		expect(provider.verify(report!)).toBe(true);
		expect(provider.verify({ ...report!, grossAmount: '1.00' })).toBe(false);
	});

	it('knows no payment for an order never paid (404 in the body or the status)', async () => {
		expect(await payments(recordingFetch(status404).fetch).status('HBH-x')).toBeNull();
		expect(await payments(recordingFetch(status404, 404).fetch).status('HBH-x')).toBeNull();
	});

	it('refunds with a stable key, and reports a refused refund', async () => {
		const { fetch, requests } = recordingFetch(refund200);
		await payments(fetch).refund('HBH-recorded-order-0001', 25_300, 'noneLeft');
		await payments(fetch).refund('HBH-recorded-order-0001', 25_300, 'noneLeft');
		const keys = requests.map(
			(sent) => (JSON.parse(String(sent.init!.body)) as { refund_key: string }).refund_key,
		);
		expect(keys[0]).toBe(keys[1]);
		expect(requests[0]!.url).toBe(
			'https://api.sandbox.midtrans.com/v2/HBH-recorded-order-0001/refund',
		);
		const error = await refusal(payments(recordingFetch(refund412).fetch).refund('HBH-x', 1, 'x'));
		expect(error.message).toContain('412');
	});
});
