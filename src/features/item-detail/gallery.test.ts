import { describe, expect, it } from 'vitest';
import { createAnimationLock, keyStep, steppedIndex, swipeStep } from './gallery';

describe('steppedIndex', () => {
	it('moves one photo forward and back', () => {
		expect(steppedIndex(0, 3, 'next')).toBe(1);
		expect(steppedIndex(2, 3, 'previous')).toBe(1);
	});

	it('cycles from the last photo to the first and from the first to the last', () => {
		expect(steppedIndex(2, 3, 'next')).toBe(0);
		expect(steppedIndex(0, 3, 'previous')).toBe(2);
	});

	it('stays on the only photo', () => {
		expect(steppedIndex(0, 1, 'next')).toBe(0);
		expect(steppedIndex(0, 1, 'previous')).toBe(0);
	});
});

describe('createAnimationLock', () => {
	it('lets one change through and holds the next ones for 300 ms', () => {
		let time = 1000;
		const lock = createAnimationLock(300, () => time);
		expect(lock.acquire()).toBe(true);
		time += 100;
		expect(lock.acquire()).toBe(false);
		time += 199;
		expect(lock.acquire()).toBe(false);
		time += 1;
		expect(lock.acquire()).toBe(true);
	});

	it('does not extend the lock with refused attempts', () => {
		let time = 0;
		const lock = createAnimationLock(300, () => time);
		lock.acquire();
		for (time = 50; time < 300; time += 50) expect(lock.acquire()).toBe(false);
		time = 300;
		expect(lock.acquire()).toBe(true);
	});
});

describe('keyStep', () => {
	it('maps the arrow keys and ignores others', () => {
		expect(keyStep('ArrowLeft')).toBe('previous');
		expect(keyStep('ArrowRight')).toBe('next');
		expect(keyStep('Enter')).toBeNull();
	});
});

describe('swipeStep', () => {
	it('shows the next photo for a swipe to the left and the previous for one to the right', () => {
		expect(swipeStep({ x: 200, y: 10 }, { x: 100, y: 20 })).toBe('next');
		expect(swipeStep({ x: 100, y: 10 }, { x: 200, y: 0 })).toBe('previous');
	});

	it('ignores short and mostly vertical movements', () => {
		expect(swipeStep({ x: 100, y: 0 }, { x: 80, y: 0 })).toBeNull();
		expect(swipeStep({ x: 100, y: 0 }, { x: 40, y: 120 })).toBeNull();
	});
});
