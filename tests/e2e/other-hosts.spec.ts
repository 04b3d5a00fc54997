import { networkInterfaces } from 'node:os';
import { completeProfile, expect, sessionCookie, signOut, signUp, test } from './support/accounts';
import { e2ePorts } from './support/ports';

/**
 * The server of the `other-hosts` project, without PUBLIC_URL (embedded mode), opened the way a
 * phone on the same network opens it: by the machine's network address.
 */
const port = e2ePorts.otherHosts;
const networkAddress = Object.values(networkInterfaces())
	.flat()
	.find((address) => address?.family === 'IPv4' && !address.internal)?.address;
const onNetwork = `http://${networkAddress}:${port}`;

test.describe.configure({ timeout: 120_000 });

test.describe('opened by the machine’s network address', () => {
	test.skip(!networkAddress, 'this machine has no network address besides loopback');
	test.use({ baseURL: onNetwork });

	test('a phone signs up, out and back at the address it opened', async ({ page, context }) => {
		await signUp(page);
		await completeProfile(page);
		expect(new URL(page.url()).origin).toBe(onNetwork);
		expect(await sessionCookie(context)).toMatchObject({ domain: networkAddress });

		await signOut(page);
		expect(page.url()).toBe(`${onNetwork}/`);
		expect(await sessionCookie(context)).toBeUndefined();
	});
});

test('an address the machine does not answer on moves to its default one', async ({ request }) => {
	const response = await request.get(`http://127.0.0.2:${port}/login?redirectTo=%2Fitems`, {
		maxRedirects: 0,
	});
	expect(response.status()).toBe(307);
	expect(response.headers()['location']).toBe(`http://localhost:${port}/login?redirectTo=%2Fitems`);
});
