import { getContainerRenderer } from '@astrojs/react';
import { describe, expect, it } from 'vitest';
import { withTranslations } from './i18n/island';
import { islandRoot } from './island-root';
import { reactRendererName } from './react-renderer';

const tagOf = (component: object) =>
	(component as Record<symbol, unknown>)[Symbol.for('astro:renderer')];

describe('island roots', () => {
	it('name the renderer React registers, so Astro renders them without checking first', () => {
		expect(reactRendererName).toBe(getContainerRenderer().name);
		const Island = () => null;
		expect(tagOf(islandRoot(Island))).toBe(reactRendererName);
		expect(tagOf(withTranslations(Island))).toBe(reactRendererName);
	});
});
