/**
 * The built-in rate table of simulated mode: believable, deterministic prices from the distance
 * between two districts, the parcel's weight and the courier. No provider is asked; the page
 * marks these rates as a simulation (decision 024).
 */
import { couriers } from '~/config/shipping';
import type { Area } from '~/features/areas/areas';
import type { Parcel } from './rate-source';
import type { DurationRange, RateOption } from './shipping';

/** How far a parcel travels: same city, same province, same island group, or across the sea. */
export type DistanceClass = 'city' | 'province' | 'island' | 'far';

/** Rupiah for the first kilogram and for each further one, by distance. */
const tariff: Record<DistanceClass, { firstKg: number; nextKg: number; extraDays: number }> = {
	city: { firstKg: 9_000, nextKg: 3_000, extraDays: 0 },
	province: { firstKg: 12_000, nextKg: 5_000, extraDays: 0 },
	island: { firstKg: 18_000, nextKg: 9_000, extraDays: 1 },
	far: { firstKg: 32_000, nextKg: 20_000, extraDays: 3 },
};

/** Each courier's service, its price against the tariff (in percent) and its insurance terms. */
const services: Record<
	(typeof couriers)[number]['code'],
	{
		serviceCode: string;
		serviceName: string;
		percent: number;
		days: { min: number; max: number };
		/** Insurance: per mille of the declared value plus a fixed fee; null when not offered. */
		insurance: { perMille: number; fixed: number } | null;
	}
> = {
	jne: {
		serviceCode: 'reg',
		serviceName: 'Reguler',
		percent: 100,
		days: { min: 2, max: 3 },
		insurance: { perMille: 2, fixed: 5_000 },
	},
	jnt: {
		serviceCode: 'ez',
		serviceName: 'EZ',
		percent: 105,
		days: { min: 1, max: 2 },
		insurance: null,
	},
	sicepat: {
		serviceCode: 'reg',
		serviceName: 'Reguler',
		percent: 90,
		days: { min: 2, max: 3 },
		insurance: { perMille: 3, fixed: 0 },
	},
};

/** `31.74.07` → `['31', '74', '07']`; ids of other shapes have no parts. */
const codeParts = (id: string) => (/^\d{2}\.\d{2}\.\d{2}$/.test(id) ? id.split('.') : []);

/**
 * The distance class of two districts. Official codes tell it directly: the same first four
 * digits are one city, the same first two one province, the same first digit one island group
 * (1 Sumatra, 3 Java, 5 Bali and Nusa Tenggara, 6 Kalimantan, 7 Sulawesi, 8 Maluku, 9 Papua).
 * Other ids fall back to the names.
 */
export function distanceClass(origin: Area, destination: Area): DistanceClass {
	const [op, or] = codeParts(origin.id);
	const [dp, dr] = codeParts(destination.id);
	if (op && dp) {
		if (op === dp) return or === dr ? 'city' : 'province';
		return op[0] === dp[0] ? 'island' : 'far';
	}
	const sameProvince =
		origin.administrative_division_level_1_name ===
		destination.administrative_division_level_1_name;
	if (!sameProvince) return 'far';
	return origin.administrative_division_level_2_name ===
		destination.administrative_division_level_2_name
		? 'city'
		: 'province';
}

/**
 * Whole kilograms charged: the parcel's weight or its volume weight (length × width × height /
 * 6000 per unit, the couriers' usual divisor), whichever is more, rounded up.
 */
export function chargedKilograms(parcel: Parcel): number {
	const volumeGrams = (parcel.length * parcel.width * parcel.height) / 6;
	const unitGrams = Math.max(parcel.weightGrams, volumeGrams);
	return Math.max(1, Math.ceil((unitGrams * parcel.quantity) / 1000));
}

/** The simulated services from `origin` to `destination` for `parcel`, cheapest first. */
export function simulatedRates(origin: Area, destination: Area, parcel: Parcel): RateOption[] {
	const distance = tariff[distanceClass(origin, destination)];
	const kilograms = chargedKilograms(parcel);
	const base = distance.firstKg + distance.nextKg * (kilograms - 1);
	const rates = couriers.map((courier): RateOption => {
		const service = services[courier.code];
		// Prices end in a whole 500 rupiah, as couriers' tariffs do.
		const price = Math.ceil((base * service.percent) / 100 / 500) * 500;
		const durationRange: DurationRange = {
			min: service.days.min + distance.extraDays,
			max: service.days.max + distance.extraDays,
			unit: 'days',
		};
		const insurance = service.insurance;
		return {
			courierCode: courier.code,
			courierName: courier.name,
			serviceCode: service.serviceCode,
			serviceName: service.serviceName,
			duration: `${durationRange.min} - ${durationRange.max} days`,
			durationRange,
			price,
			insuranceFee:
				insurance && parcel.insuredValue !== null
					? Math.ceil((parcel.insuredValue * insurance.perMille) / 1000) + insurance.fixed
					: null,
		};
	});
	return rates.sort((a, b) => a.price - b.price);
}
