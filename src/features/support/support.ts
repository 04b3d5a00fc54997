/** What the support page shows; safe in the browser and on the server. */

import type { z } from 'zod/mini';
import type { earlySupporterSchema, supporterSchema } from './support.routes';

/** A supporter of the site, from Trakteer or the local table (docs/product-rules.md#support-page). */
export type Supporter = z.output<typeof supporterSchema>;

/** Someone who backed the site early (docs/product-rules.md#support-page). */
export type EarlySupporter = z.output<typeof earlySupporterSchema>;

/** Top supporters: the first 3 shown large, then up to 5 smaller (docs/product-rules.md#support-page). */
export const supporterLimits = {
	featured: 3,
	more: 5,
	top: 8,
	earlyMax: 100,
	nameMax: 100,
	messageMax: 500,
	/** Avatars are generated from a name; a longer seed is refused rather than hashed. */
	avatarSeedMax: 200,
} as const;

/** The largest supports first; equal amounts keep the order they came in. */
export function topSupporters(list: readonly Supporter[]): Supporter[] {
	return [...list].sort((a, b) => b.amount - a.amount).slice(0, supporterLimits.top);
}

/** The address of the avatar generated on our server for a name. */
export function avatarPath(name: string): string {
	return `/api/avatars/${encodeURIComponent(name.trim().slice(0, supporterLimits.avatarSeedMax))}.svg`;
}
