// Finds the Chromium the tests and benchmarks drive: Playwright's own build when it was
// downloaded, else a system Chromium (CHROME_PATH, then the usual install locations).
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const systemCandidates = [
	process.env.CHROME_PATH,
	'/usr/bin/chromium',
	'/usr/bin/chromium-browser',
	'/usr/bin/google-chrome',
	'/usr/bin/google-chrome-stable',
];

/** Chromium flags that keep a headless run quiet on a machine without outside network. */
export const chromiumArgs = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
];

/** The path of a usable Chromium, or `undefined` when none is installed. */
export function findChromium() {
	const bundled = chromium.executablePath();
	if (bundled && existsSync(bundled)) return bundled;
	return systemCandidates.find((candidate) => candidate && existsSync(candidate));
}
