import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { itemLimits } from '~/config/limits';
import { insuredValue } from '~/config/shipping';
import { itemIdParams } from '~/features/items/item-api.server';
import { fieldErrors } from '~/lib/field-errors';
import { AppError } from '~/server/http/errors';
import { anyone, dataResponse, errorResponses, refuseInput } from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { quoteParcel, quoteRates, type ShippingContext } from './rates.server';
import { courierModes } from './shipping';

/** How long a courier expects to take, as numbers (Biteship's "2 - 3" days). */
export const durationRangeSchema = z.object({
	min: z.int(),
	max: z.int(),
	unit: z.enum(['hours', 'days']),
});

/** One courier service the receiver can choose, with its price in whole rupiah. */
export const rateOptionSchema = z
	.object({
		courierCode: z.string().openapi({ example: 'jne' }),
		/** The product's name for the courier. */
		courierName: z.string().openapi({ example: 'JNE Regular' }),
		serviceCode: z.string().openapi({ example: 'reg' }),
		/** The courier's own name for the service ("Reguler", "EZ"). */
		serviceName: z.string().openapi({ example: 'Reguler' }),
		/** Kept for logs; the page shows `durationRange`. */
		duration: z
			.string()
			.openapi({ description: 'The courier’s own wording', example: '2 - 3 days' }),
		durationRange: durationRangeSchema,
		price: z.int().openapi({ description: 'Shipping cost in rupiah, without insurance' }),
		insuranceFee: z
			.int()
			.nullable()
			.openapi({ description: 'Rupiah; null unless insurance was asked for and is offered' }),
	})
	.openapi('RateOption');

const modeSchema = z.enum(courierModes).openapi({
	description: 'live: Biteship and Midtrans; simulated: built-in table and payment page; off',
});

/** The rates of one parcel and route, as the rate routes answer them. */
export const quoteSchema = z.object({ mode: modeSchema, rates: z.array(rateOptionSchema) });

const rateErrors = [
	'VALIDATION_ERROR',
	'LOCATION_NOT_FOUND',
	'NO_SHIPPING_SERVICES',
	'RATES_UNAVAILABLE',
	'SHIPPING_UNAVAILABLE',
] as const;

/** An area id, required. */
const areaId = (message: string) => z.string({ error: message }).trim().min(1, message);

/** A whole number from `min` to `max` given as text, one message for every way it is wrong. */
const wholeNumber = (message: string, min: number, max: number) =>
	z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

const insuranceParam = z
	.enum(['true', 'false'], { error: 'shipping.errors.insuranceInvalid' })
	.optional()
	.openapi({ description: 'Ask for insurance fees (opt-in); false unless given' });

const quantityParam = wholeNumber(
	'shipping.errors.quantityInvalid',
	itemLimits.quantityMin,
	itemLimits.quantityMax,
)
	.optional()
	.openapi({ description: 'Units in the parcel; 1 unless given' });

const dimension = wholeNumber(
	'shipping.errors.dimensionInvalid',
	itemLimits.dimensionMin,
	itemLimits.dimensionMax,
)
	.optional()
	.openapi({ description: 'Centimetres; 1 unless given' });

/** Bad input names each wrong field with its translated message key. */
const refuseRateInput = refuseInput((issues) => {
	if (issues.some((issue) => issue.path[0] === 'id')) return new AppError('NOT_FOUND');
	return new AppError('VALIDATION_ERROR', fieldErrors(issues));
});

/** Courier rates: for any parcel and for an item, as the shipping form asks. */
export function shippingRoutes(server: ShippingContext) {
	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'get',
				path: '/shipping/mode',
				summary: 'Whether courier delivery is live, simulated or off on this site',
				security: anyone,
				responses: { 200: dataResponse('The courier mode', z.object({ mode: modeSchema })) },
			}),
			(c) => c.json({ data: { mode: server.shipping.mode } }, 200),
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/shipping/rates',
				summary: 'Courier rates for a parcel between two areas, cheapest first',
				security: anyone,
				request: {
					query: z.object({
						origin_area_id: areaId('shipping.errors.originRequired'),
						destination_area_id: areaId('shipping.errors.destinationRequired'),
						weight: wholeNumber(
							'shipping.errors.weightInvalid',
							1,
							itemLimits.weightMax * 1000,
						).openapi({ description: 'Grams (kg × 1000) of one unit' }),
						length: dimension,
						width: dimension,
						height: dimension,
						quantity: quantityParam,
						insurance: insuranceParam,
					}),
				},
				responses: {
					200: dataResponse('The courier services', quoteSchema),
					...errorResponses(...rateErrors),
				},
			}),
			async (c) => {
				const query = c.req.valid('query');
				const quantity = query.quantity ?? 1;
				const rates = await quoteParcel(server.shipping, {
					originAreaId: query.origin_area_id,
					destinationAreaId: query.destination_area_id,
					weightGrams: query.weight,
					length: query.length ?? 1,
					width: query.width ?? 1,
					height: query.height ?? 1,
					quantity,
					insuredValue: query.insurance === 'true' ? insuredValue(quantity) : null,
				});
				return c.json({ data: { mode: server.shipping.mode, rates } }, 200);
			},
			refuseRateInput,
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/items/{id}/shipping-rates',
				summary: 'Courier rates for an item from its pickup area, as the shipping form asks',
				description:
					'The origin, weight and size are the item’s; only the destination, quantity and insurance are asked.',
				security: anyone,
				request: {
					params: itemIdParams,
					query: z.object({
						destination_area_id: areaId('shipping.errors.destinationRequired'),
						quantity: quantityParam,
						insurance: insuranceParam,
					}),
				},
				responses: {
					200: dataResponse('The courier services', quoteSchema),
					...errorResponses('NOT_FOUND', ...rateErrors),
				},
			}),
			async (c) => {
				const query = c.req.valid('query');
				const rates = await quoteRates(server, {
					itemId: c.req.valid('param').id,
					destinationAreaId: query.destination_area_id,
					quantity: query.quantity ?? 1,
					insurance: query.insurance === 'true',
				});
				return c.json({ data: { mode: server.shipping.mode, rates } }, 200);
			},
			refuseRateInput,
		);
}
