import { eq } from 'drizzle-orm';
import { insuredValuePerUnit } from '~/config/shipping';
import type { UserRow } from '~/server/auth/users';
import { courierOrders, items as itemsTable } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import {
	allows,
	lockOrder,
	moveOrder,
	type OrderContext,
	orderConflict,
	tellAboutOrder,
} from './order-rules.server';
import { sideOf } from './orders.server';

/**
 * `POST /courier-orders/{id}/ready`: the donor has the parcel ready. The shipment is booked at
 * the courier with the donor's address as the origin; the order is `shipped` with its waybill,
 * and the item `SHIPPED` when shipments hold everything left of it.
 */
export async function readyForPickup(
	context: OrderContext,
	donor: UserRow,
	orderId: string,
	now = new Date(),
): Promise<void> {
	const [order] = await context.db
		.select()
		.from(courierOrders)
		.where(eq(courierOrders.id, orderId));
	if (!order) throw new AppError('NOT_FOUND');
	if (sideOf(order, donor.id) !== 'donor') throw new AppError('FORBIDDEN');
	if (!allows(order, 'readyForPickup')) throw orderConflict('wrongState');
	if (!donor.address || !donor.areaId || !donor.phone) throw orderConflict('noPickupAddress');
	const [item] = await context.db.select().from(itemsTable).where(eq(itemsTable.id, order.itemId));
	if (!item) throw new AppError('NOT_FOUND');
	let shipment;
	try {
		shipment = await context.shipments.create(
			{
				orderId,
				origin: {
					name: donor.name ?? '',
					phone: donor.phone,
					address: donor.address,
					areaId: donor.areaId,
				},
				destination: {
					name: order.recipientName,
					phone: order.recipientPhone,
					address: order.address,
					areaId: order.destinationAreaId,
					postalCode: order.postalCode,
				},
				courier: { code: order.courierCode, service: order.courierService },
				insuredValue: order.insuranceCost > 0 ? insuredValuePerUnit * order.quantity : 0,
				item: {
					name: item.name,
					quantity: order.quantity,
					weightGrams: Math.max(1, Math.round(item.weight * 1000)),
					length: Math.max(1, Math.ceil(item.length)),
					width: Math.max(1, Math.ceil(item.width)),
					height: Math.max(1, Math.ceil(item.height)),
				},
			},
			now,
		);
	} catch (error) {
		console.error(`Shipment of order ${orderId} could not be booked`, error);
		throw new AppError('SHIPMENT_UNAVAILABLE');
	}
	await context.db.transaction(async (tx) => {
		const locked = await lockOrder(tx, orderId);
		if (!allows(locked.order, 'readyForPickup')) throw orderConflict('wrongState');
		await moveOrder(tx, locked.order, 'readyForPickup', now, {
			shipmentId: shipment.shipmentId,
			waybill: shipment.waybill,
			trackingId: shipment.trackingId,
			shippedAt: now,
		});
		const { item: lockedItem } = locked;
		if (lockedItem.reservedQuantity >= lockedItem.quantity && lockedItem.status === 'RESERVED') {
			await tx
				.update(itemsTable)
				.set({ status: 'SHIPPED', updatedAt: now })
				.where(eq(itemsTable.id, lockedItem.id));
		}
		await tellAboutOrder(tx, locked.order, lockedItem, 'receiver', 'orderShipped', {
			waybill: shipment.waybill ?? '',
		});
	});
}
