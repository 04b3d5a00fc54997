import type { AreaDirectory } from '~/features/areas/areas.server';
import { type RateSource, RateSourceError } from './rate-source';
import { simulatedRates } from './rate-table';

/**
 * The rate source of simulated mode: the built-in table, between districts of the embedded
 * directory. An id the directory does not know is a LOCATION_NOT_FOUND, as Biteship answers it.
 */
export function createSimulatedRateSource(areas: AreaDirectory): RateSource {
	return {
		async quote(parcel) {
			const [origin, destination] = await Promise.all([
				areas.get(parcel.originAreaId),
				areas.get(parcel.destinationAreaId),
			]).catch((error: unknown) => {
				throw new RateSourceError('RATES_UNAVAILABLE', 'the area directory failed', {
					cause: error,
				});
			});
			if (!origin || !destination) {
				const which = origin ? 'destination' : 'origin';
				throw new RateSourceError('LOCATION_NOT_FOUND', `unknown ${which} area`);
			}
			return simulatedRates(origin, destination, parcel);
		},
	};
}
