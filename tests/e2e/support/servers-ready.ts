/**
 * Lets the journeys' servers start side by side (`playwright.config.ts`). Playwright starts its
 * web servers one after another, waiting for each to answer before it starts the next; the
 * servers are therefore listed without a URL to wait for, and two runs of this script stand
 * around them:
 *   node tests/e2e/support/servers-ready.ts free <url>…
 *     before they start: fails, naming it, when something already answers at one of the URLs (a
 *     server left from another run, which the journeys would otherwise test instead)
 *   node tests/e2e/support/servers-ready.ts ready <url>…
 *     after they started: prints `ready` once every URL answers, or names those that never did
 * Having printed its word, each stays until Playwright ends it with the servers: a process that
 * exits may be taken for a server that stopped before its word was read. Self-signed certificates
 * are accepted, as the proxy's is.
 */
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long the servers get, all together: seeding, copying the build, migrating, starting. */
const readyWithinMs = 170_000;

/** Whether anything answers a GET of `url` within a few seconds, whatever the status. */
function answers(url: string): Promise<boolean> {
	const get = url.startsWith('https:') ? httpsGet : httpGet;
	return new Promise((resolve) => {
		const request = get(url, { rejectUnauthorized: false, timeout: 5_000 }, (response) => {
			response.resume();
			resolve(true);
		});
		request.on('timeout', () => request.destroy(new Error('no answer in time')));
		request.on('error', () => resolve(false));
	});
}

async function free(urls: string[]): Promise<void> {
	const taken = (
		await Promise.all(urls.map(async (url) => ((await answers(url)) ? url : '')))
	).filter(Boolean);
	if (taken.length) {
		console.error(
			`Something already answers at ${taken.join(', ')}: stop it, or set E2E_PORT to another base.`,
		);
		process.exit(1);
	}
	console.log('free');
	stay();
}

async function ready(urls: string[]): Promise<void> {
	const deadline = Date.now() + readyWithinMs;
	let waiting = urls;
	while (waiting.length && Date.now() < deadline) {
		const answered = await Promise.all(waiting.map(answers));
		waiting = waiting.filter((_, index) => !answered[index]);
		if (waiting.length) await sleep(250);
	}
	if (waiting.length) {
		console.error(`No answer within ${readyWithinMs / 1000} s from ${waiting.join(', ')}.`);
		process.exit(1);
	}
	console.log('ready');
	stay();
}

/** Keeps the process alive until it is ended. */
function stay(): void {
	setInterval(() => {}, 60_000);
}

const [command, ...urls] = process.argv.slice(2);
if (command === 'free' && urls.length) await free(urls);
else if (command === 'ready' && urls.length) await ready(urls);
else {
	console.error('usage: servers-ready.ts free|ready <url>…');
	process.exit(2);
}
