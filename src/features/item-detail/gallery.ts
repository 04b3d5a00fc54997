/** The item gallery's rules, kept free of React so they can be tested on their own. */

/** How long a photo change animates; further changes wait until it is over. */
export const galleryAnimationMs = 300;

/** A horizontal swipe shorter than this many pixels is a tap or a wobble, not a swipe. */
export const swipeThresholdPx = 40;

export type GalleryStep = 'previous' | 'next';

/** The index one step away from `current`, cycling around both ends of `count` photos. */
export function steppedIndex(current: number, count: number, step: GalleryStep): number {
	if (count <= 0) return 0;
	const delta = step === 'next' ? 1 : -1;
	return (((current + delta) % count) + count) % count;
}

/** The step a key asks for: ← previous, → next, anything else nothing. */
export function keyStep(key: string): GalleryStep | null {
	if (key === 'ArrowLeft') return 'previous';
	if (key === 'ArrowRight') return 'next';
	return null;
}

/**
 * The step a touch swipe asks for: a finger moving left shows the next photo, right the
 * previous one. Mostly vertical movement is page scrolling and asks for nothing.
 */
export function swipeStep(
	start: { x: number; y: number },
	end: { x: number; y: number },
	threshold = swipeThresholdPx,
): GalleryStep | null {
	const dx = end.x - start.x;
	const dy = end.y - start.y;
	if (Math.abs(dx) < threshold || Math.abs(dx) <= Math.abs(dy)) return null;
	return dx < 0 ? 'next' : 'previous';
}

/** A lock that lets one photo change through per animation; `now` is injectable for tests. */
export interface AnimationLock {
	/** True, and locks for `durationMs`, when no animation is running; else false. */
	acquire(): boolean;
}

/** Creates the gallery's animation lock. */
export function createAnimationLock(
	durationMs = galleryAnimationMs,
	now: () => number = () => performance.now(),
): AnimationLock {
	let lockedUntil = Number.NEGATIVE_INFINITY;
	return {
		acquire() {
			const time = now();
			if (time < lockedUntil) return false;
			lockedUntil = time + durationMs;
			return true;
		},
	};
}
