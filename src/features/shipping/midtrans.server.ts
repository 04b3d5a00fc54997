import { createHash } from 'node:crypto';
import { z } from 'zod';
import { fetchWhole, type OutboundAnswer, OutboundFailure } from '~/server/http/outbound';
import {
	type PaymentProvider,
	PaymentProviderError,
	paymentSignature,
	readPaymentReport,
	signatureMatches,
} from './payments.server';

/** Options for Midtrans Snap. */
export interface MidtransOptions {
	serverKey: string;
	clientKey: string;
	/** `sandbox` or `production` (`MIDTRANS_ENV`). */
	environment: 'sandbox' | 'production';
	/** Defaults to the global fetch; injected in tests so nothing touches the network. */
	fetch?: typeof fetch;
	/** Whole-request budget, body included. Defaults to 10 s. */
	timeoutMs?: number;
}

/** Snap and Core API addresses of each environment. */
export const midtransHosts = {
	sandbox: { snap: 'https://app.sandbox.midtrans.com', core: 'https://api.sandbox.midtrans.com' },
	production: { snap: 'https://app.midtrans.com', core: 'https://api.midtrans.com' },
} as const;

const snapAnswerSchema = z.object({ token: z.string().min(1), redirect_url: z.url() });
const errorAnswerSchema = z.object({ error_messages: z.array(z.string()).optional() });
const coreAnswerSchema = z.object({
	status_code: z.string(),
	status_message: z.string().optional(),
});

/** Provider messages go into logs; a long one is cut rather than trusted. */
const maxReasonLength = 160;

/**
 * Midtrans: Snap transactions (`POST /snap/v1/transactions`), status checks and refunds on the
 * Core API (`GET /v2/{order_id}/status`, `POST /v2/{order_id}/refund`), Basic auth with the server
 * key. Every failure becomes a PaymentProviderError whose message never contains the key.
 */
export function createMidtransPayments(options: MidtransOptions): PaymentProvider {
	const { serverKey, clientKey, environment, timeoutMs = 10_000 } = options;
	if (!serverKey.trim() || !clientKey.trim()) throw new TypeError('Midtrans needs both keys');
	const fetchImpl = options.fetch ?? globalThis.fetch;
	const hosts = midtransHosts[environment];
	const headers = {
		accept: 'application/json',
		'content-type': 'application/json',
		authorization: `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`,
	};

	function redact(text: string): string {
		const clean = text.replaceAll(serverKey, '[redacted]').replace(/\s+/g, ' ').trim();
		return clean.length > maxReasonLength ? `${clean.slice(0, maxReasonLength)}…` : clean;
	}

	async function call(url: string, method: 'GET' | 'POST', body?: unknown) {
		let answer: OutboundAnswer;
		try {
			answer = await fetchWhole(
				fetchImpl,
				url,
				{ method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
				timeoutMs,
			);
		} catch (error) {
			const failure = error instanceof OutboundFailure ? error : null;
			const reason = failure?.timedOut ? `timed out after ${timeoutMs} ms` : 'could not be reached';
			throw new PaymentProviderError(`Midtrans ${reason}`, true, {
				cause: failure?.cause ?? error,
			});
		}
		let json: unknown;
		try {
			json = JSON.parse(answer.text);
		} catch {
			json = undefined;
		}
		return { ...answer, json };
	}

	function refused(status: number, json: unknown): PaymentProviderError {
		const messages = errorAnswerSchema.safeParse(json).data?.error_messages ?? [];
		const reason = messages.length ? `: ${redact(messages.join('; '))}` : '';
		return new PaymentProviderError(`Midtrans answered HTTP ${status}${reason}`, status >= 500);
	}

	return {
		simulated: false,
		snap: { scriptUrl: `${hosts.snap}/snap/snap.js`, clientKey },

		async start(request) {
			const { status, ok, json } = await call(`${hosts.snap}/snap/v1/transactions`, 'POST', {
				transaction_details: { order_id: request.orderId, gross_amount: request.total },
				item_details: request.items,
				customer_details: {
					first_name: request.customer.name,
					...(request.customer.email ? { email: request.customer.email } : {}),
					phone: request.customer.phone,
				},
			});
			if (!ok) throw refused(status, json);
			const answer = snapAnswerSchema.safeParse(json);
			if (!answer.success) {
				throw new PaymentProviderError('Midtrans answered in an unexpected shape', true);
			}
			return { token: answer.data.token, redirectUrl: answer.data.redirect_url };
		},

		async status(orderId) {
			const url = `${hosts.core}/v2/${encodeURIComponent(orderId)}/status`;
			const { status, ok, json } = await call(url, 'GET');
			if (status === 404) return null;
			if (!ok) throw refused(status, json);
			// The Core API answers HTTP 200 with its own status code; 404 means no such payment yet.
			const core = coreAnswerSchema.safeParse(json).data;
			if (core?.status_code === '404') return null;
			const report = readPaymentReport(json);
			if (!report) throw new PaymentProviderError('Midtrans status in an unexpected shape', true);
			return report;
		},

		async refund(orderId, amount, reason) {
			const url = `${hosts.core}/v2/${encodeURIComponent(orderId)}/refund`;
			// The same key for the same order makes a retried refund one refund, never two.
			const refundKey = createHash('sha256').update(`refund:${orderId}`).digest('hex').slice(0, 32);
			const { status, ok, json } = await call(url, 'POST', {
				refund_key: refundKey,
				amount,
				reason,
			});
			if (!ok) throw refused(status, json);
			const core = coreAnswerSchema.safeParse(json).data;
			if (core?.status_code !== '200') {
				const message = core?.status_message ? `: ${redact(core.status_message)}` : '';
				throw new PaymentProviderError(
					`Midtrans refused the refund (${core?.status_code ?? 'no status'})${message}`,
					core?.status_code?.startsWith('5') ?? true,
				);
			}
		},

		verify(report) {
			return signatureMatches(report, serverKey);
		},
	};
}

/**
 * The built-in payment page's provider, for the embedded mode: nothing to load, and its reports
 * are signed with a key of this process, so they pass through the same verification as Midtrans's.
 */
export function createSimulatedPayments(signingKey: string): PaymentProvider {
	return {
		simulated: true,
		snap: null,
		async start() {
			return { token: null, redirectUrl: null };
		},
		async status() {
			return null;
		},
		async refund() {},
		verify(report) {
			return signatureMatches(report, signingKey);
		},
		sign(report) {
			return paymentSignature(report, signingKey);
		},
	};
}
