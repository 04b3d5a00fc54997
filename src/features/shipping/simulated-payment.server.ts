import { eq } from 'drizzle-orm';
import type { UserRow } from '~/server/auth/users';
import { courierOrders } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { receivePaymentNotification, type SettleResult } from './order-payments.server';
import type { OrderContext } from './order-rules.server';
import { orderIdPattern, type PaymentOutcome } from './orders';

/** The notification Midtrans would send for each outcome of the built-in payment page. */
const simulatedReports: Record<
	PaymentOutcome,
	{ status_code: string; transaction_status: string; fraud_status?: string }
> = {
	success: { status_code: '200', transaction_status: 'settlement', fraud_status: 'accept' },
	pending: { status_code: '201', transaction_status: 'pending' },
	cancelled: { status_code: '202', transaction_status: 'cancel' },
	failed: { status_code: '202', transaction_status: 'deny' },
	error: { status_code: '202', transaction_status: 'failure' },
};

/**
 * `POST /courier-orders/{id}/simulated-payment`: the built-in payment page's outcome, for the
 * receiver of an order in the embedded mode. It becomes a signed notification in Midtrans's
 * shape and goes through the very code a real one does: stored raw, verified, then applied.
 */
export async function paySimulated(
	context: OrderContext,
	user: UserRow,
	orderId: string,
	outcome: PaymentOutcome,
	now = new Date(),
): Promise<SettleResult> {
	const sign = context.payments.sign;
	if (!sign) throw new AppError('NOT_FOUND');
	if (!orderIdPattern.test(orderId)) throw new AppError('NOT_FOUND');
	const [order] = await context.db
		.select({
			id: courierOrders.id,
			total: courierOrders.total,
			receiverId: courierOrders.receiverId,
		})
		.from(courierOrders)
		.where(eq(courierOrders.id, orderId));
	if (!order) throw new AppError('NOT_FOUND');
	if (order.receiverId !== user.id) throw new AppError('FORBIDDEN');
	const fields = {
		order_id: order.id,
		gross_amount: `${order.total}.00`,
		...simulatedReports[outcome],
	};
	const signature = sign({
		orderId: fields.order_id,
		statusCode: fields.status_code,
		grossAmount: fields.gross_amount,
		transactionStatus: fields.transaction_status,
		fraudStatus: fields.fraud_status,
	});
	const body = JSON.stringify({
		transaction_time: now.toISOString().replace('T', ' ').slice(0, 19),
		transaction_id: `simulated-${order.id}`,
		payment_type: 'simulation',
		currency: 'IDR',
		...fields,
		signature_key: signature,
	});
	return (await receivePaymentNotification(context, body, now)).outcome;
}
