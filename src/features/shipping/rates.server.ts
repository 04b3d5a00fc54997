/**
 * Courier rates for an item: the mode courier delivery runs in, where a parcel leaves from, what
 * it weighs, and the quote (decision 024).
 */
import { eq, sql } from 'drizzle-orm';
import { insuredValue } from '~/config/shipping';
import type { ServerConfig } from '~/server/config';
import type { Database } from '~/server/db/client';
import { preparedStatements } from '~/server/db/prepared';
import { items, users } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { type Parcel, type RateSource, RateSourceError } from './rate-source';
import type { CourierMode, RateOption } from './shipping';

/**
 * `live` when Biteship and both Midtrans keys are set; `simulated` in the fully embedded mode (no
 * `DATABASE_URL` and none of the keys), so a newcomer sees the whole flow; `off` otherwise, as a
 * production site without the keys must not take money it cannot ship for.
 */
export function courierMode(config: ServerConfig): CourierMode {
	const { biteshipApiKey, midtransServerKey, midtransClientKey } = config.courier;
	if (biteshipApiKey && midtransServerKey && midtransClientKey) return 'live';
	const anyKey = biteshipApiKey || midtransServerKey || midtransClientKey;
	return !config.databaseUrl && !anyKey ? 'simulated' : 'off';
}

/** Courier delivery as the server runs it: its mode and, unless off, where rates come from. */
export interface Shipping {
	mode: CourierMode;
	rates: RateSource | null;
}

/** What quoting needs of the server. */
export interface ShippingContext {
	db: Database;
	shipping: Shipping;
}

/** The item fields a parcel is made of, with its pickup district and its donor's area. */
export interface ShippableItem {
	weight: number;
	length: number;
	width: number;
	height: number;
	quantity: number;
	reservedQuantity: number;
	status: string;
	/** The item's own pickup district, an official code ("32.73.14"); null on items not yet placed. */
	pickupDistrictCode: string | null;
	/** The donor's profile area, an id of the area directory the server runs with. */
	donorAreaId: string | null;
}

/**
 * Where the courier collects the item, as an id of the rate source's area directory. Simulated
 * rates use the official list, so the item's own pickup district applies (or, on an item not yet
 * placed, its donor's area, as its page shows). Biteship's area ids are its own and the official
 * list carries no postal code or other key that maps onto them, so live rates keep the donor's
 * profile area, which was chosen from Biteship's directory (decision 026).
 */
export function pickupAreaOf(
	item: Pick<ShippableItem, 'pickupDistrictCode' | 'donorAreaId'>,
	mode: CourierMode,
): string | null {
	if (mode === 'live') return item.donorAreaId;
	return item.pickupDistrictCode ?? item.donorAreaId;
}

/** Kilograms (as listed) to whole grams, never 0. */
const grams = (kg: number) => Math.max(1, Math.round(kg * 1000));
/** Couriers measure in whole centimetres; a part of one counts as one. */
const centimetres = (cm: number) => Math.max(1, Math.ceil(cm));

/**
 * The parcel of `quantity` units of an item, from its pickup area (as `mode` reads it) to
 * `destinationAreaId`.
 */
export function parcelOf(
	item: ShippableItem,
	mode: CourierMode,
	destinationAreaId: string,
	quantity: number,
	insurance: boolean,
): Parcel {
	const origin = pickupAreaOf(item, mode);
	if (!origin) {
		throw new AppError('LOCATION_NOT_FOUND', undefined, undefined, {
			key: 'shipping.errors.noPickupArea',
		});
	}
	return {
		originAreaId: origin,
		destinationAreaId,
		weightGrams: grams(item.weight),
		length: centimetres(item.length),
		width: centimetres(item.width),
		height: centimetres(item.height),
		quantity,
		insuredValue: insurance ? insuredValue(quantity) : null,
	};
}

/** The item's parcel fields and pickup areas: prepared, as every rate call reads it. */
const selectShippableItem = preparedStatements((db) =>
	db
		.select({
			weight: items.weight,
			length: items.length,
			width: items.width,
			height: items.height,
			quantity: items.quantity,
			reservedQuantity: items.reservedQuantity,
			status: items.status,
			pickupDistrictCode: items.pickupDistrictCode,
			donorAreaId: users.areaId,
		})
		.from(items)
		.innerJoin(users, eq(users.id, items.donorId))
		.where(eq(items.id, sql.placeholder('id')))
		.prepare('shippable_item'),
);

/** The item's parcel fields and pickup areas; NOT_FOUND when there is no such item. */
async function shippableItem(db: Database, itemId: number): Promise<ShippableItem> {
	const [row] = Number.isSafeInteger(itemId)
		? await selectShippableItem(db).execute({ id: itemId })
		: [];
	if (!row) throw new AppError('NOT_FOUND');
	return row;
}

/**
 * Asks the configured source, turning its failures into the API's codes. Shared by both rate
 * routes and by order creation, which re-quotes rather than trusting a price from the browser.
 */
export async function quoteParcel(shipping: Shipping, parcel: Parcel): Promise<RateOption[]> {
	if (!shipping.rates) throw new AppError('SHIPPING_UNAVAILABLE');
	try {
		return await shipping.rates.quote(parcel);
	} catch (error) {
		// By name: the source may come from the server runtime bundle, with its own copy of the class.
		if (error instanceof Error && error.name === RateSourceError.name) {
			const failure = error as RateSourceError;
			if (failure.code === 'RATES_UNAVAILABLE') console.warn(failure.message);
			throw new AppError(failure.code);
		}
		throw error;
	}
}

/**
 * The courier services for `quantity` units of an item to `destinationAreaId`: the origin, weight
 * and size are the server's, never the browser's. Throws NOT_FOUND, VALIDATION_ERROR (more than
 * is left to give), LOCATION_NOT_FOUND, NO_SHIPPING_SERVICES, RATES_UNAVAILABLE or
 * SHIPPING_UNAVAILABLE (mode off).
 */
export async function quoteRates(
	server: ShippingContext,
	request: { itemId: number; destinationAreaId: string; quantity: number; insurance: boolean },
): Promise<RateOption[]> {
	if (!server.shipping.rates) throw new AppError('SHIPPING_UNAVAILABLE');
	const item = await shippableItem(server.db, request.itemId);
	const left = item.status === 'AVAILABLE' ? item.quantity - item.reservedQuantity : 0;
	if (request.quantity > left) {
		throw new AppError('VALIDATION_ERROR', { quantity: 'shipping.errors.quantityTooMany' });
	}
	const parcel = parcelOf(
		item,
		server.shipping.mode,
		request.destinationAreaId,
		request.quantity,
		request.insurance,
	);
	return quoteParcel(server.shipping, parcel);
}
