// Makes sure a Chromium exists for the browser tests: Playwright's download where the internet
// allows it, else Debian's `chromium` through apt-get when running as root; otherwise it stops
// and says what to install.
import { spawnSync } from 'node:child_process';
import { findChromium } from './browser.mjs';

function run(command, args) {
	console.log(`$ ${command} ${args.join(' ')}`);
	return spawnSync(command, args, { stdio: 'inherit', timeout: 10 * 60_000 }).status === 0;
}

function ensureBrowser() {
	const found = findChromium();
	if (found) return found;

	console.log('No Chromium found; fetching one for the browser tests.');
	if (run('npx', ['playwright', 'install', 'chromium']) && findChromium()) return findChromium();

	const isRoot = process.getuid?.() === 0;
	const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
	if (isRoot && hasApt) {
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
		spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
		spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
		if (findChromium()) return findChromium();
	}

	console.error(
		[
			'',
			'The browser tests need Chromium and none could be installed automatically.',
			'Install one of these, then run the tests again:',
			'  - Playwright’s build:  npx playwright install chromium',
			'  - Debian/Ubuntu:       sudo apt-get install chromium',
			'  - or point CHROME_PATH at an installed Chrome or Chromium.',
		].join('\n'),
	);
	process.exit(1);
}

console.log(`Browser for the tests: ${ensureBrowser()}`);
