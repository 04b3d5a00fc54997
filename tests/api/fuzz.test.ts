/**
 * Every route of the OpenAPI document, called by every kind of person with what a client should
 * never send: malformed JSON, bodies of the wrong type or media type, empty and huge bodies, NUL
 * bytes, very long strings, zero-width and right-to-left characters, negative, fractional,
 * non-finite and out-of-range numbers, and path parameters that are not ids. Any answer of 500 or
 * more fails, and so does a refusal that is not the error envelope with a message. Property-based
 * with a fixed seed, so a failure reproduces; the number of cases is bounded to keep the run short.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createItemFor, megabyte } from '../helpers/items';
import { ask } from '../helpers/requests';
import { createModerator } from '../helpers/safety';
import { describeOnDatabases, type TestServer, type TestUser } from '../helpers/test-server';

type Schema = { properties?: Record<string, unknown> };
type Operation = {
	parameters?: { name: string; in: 'path' | 'query' | 'header' | 'cookie' }[];
	requestBody?: { content: Record<string, { schema?: Schema }> };
};
type Document = { paths: Record<string, Record<string, Operation>> };

/** One documented route: its method, its path under `/api`, and what it reads. */
interface Route {
	method: string;
	path: string;
	query: string[];
	fields: string[];
	mediaTypes: string[];
}

/** Who calls: a stranger, someone who has not completed the profile, a member, a moderator. */
const callers = ['signedOut', 'newcomer', 'member', 'moderator'] as const;
type Caller = (typeof callers)[number];

/** Cases per route and database; each is one request. */
const casesPerRoute = 40;
const seed = 20_261_128;

const hostileTexts = [
	'',
	' ',
	'\u0000',
	'kursi\u0000jati',
	'\u200b\u200c\u200d\ufeff',
	'\u202eitaj isruk',
	'\u061c\u200f',
	'a'.repeat(100_000),
	'%00',
	'../../etc/passwd',
	'<script>alert(1)</script>',
	"' or 1=1 --",
	'NaN',
	'Infinity',
	'-1',
	'1e309',
	'\ud800',
	'🙂'.repeat(1_000),
];

const hostileNumbers = [
	-1,
	0,
	0.5,
	-0.5,
	1e308,
	-1e308,
	2 ** 31,
	2 ** 53 + 2,
	Number.MIN_VALUE,
	Number.MAX_SAFE_INTEGER,
];

const text = fc.oneof(
	fc.constantFrom(...hostileTexts),
	fc.string({ unit: 'binary', maxLength: 40 }),
);
const number = fc.oneof(fc.constantFrom(...hostileNumbers), fc.double(), fc.integer());
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null));
const value = fc.oneof(
	{ weight: 4, arbitrary: scalar },
	fc.array(scalar, { maxLength: 4 }),
	fc.dictionary(text, scalar, { maxKeys: 3 }),
);

const pathParameter = fc.oneof(
	fc.constantFrom('0', '-1', '1.5', 'NaN', 'abc', '99999999999999999999', '1e3', 'null', '%00'),
	fc.constantFrom('%F0%9F%99%82', '%E2%80%AE1', '%20', '..', 'a'.repeat(2_000)),
	fc.integer({ min: 1, max: 5 }).map(String),
);

/** A body, and the `Content-Type` it claims. */
type Body = { contentType?: string; body?: BodyInit };

function bodyFor(route: Route): fc.Arbitrary<Body> {
	const object = fc
		.record(Object.fromEntries(route.fields.map((field) => [field, value])), {
			requiredKeys: [],
		})
		.chain((fields) =>
			fc.dictionary(text, value, { maxKeys: 2 }).map((extra) => ({ ...extra, ...fields })),
		);
	const form = object.map((fields): Body => {
		const data = new FormData();
		for (const [name, field] of Object.entries(fields)) data.append(name, JSON.stringify(field));
		data.append('files', new File([new Uint8Array([0xff, 0xd8, 0x00])], 'x.jpg'));
		return { body: data };
	});
	return fc.oneof(
		object.map((fields): Body => ({
			contentType: 'application/json',
			body: JSON.stringify(fields),
		})),
		fc
			.constantFrom('{', '{"quantity":', 'null', '[]', '"x"', '1', '', '\u0000', '{"a":1}}')
			.map((raw): Body => ({ contentType: 'application/json', body: raw })),
		text.map((raw): Body => ({ contentType: 'text/plain', body: raw })),
		fc.constant<Body>({ contentType: 'application/x-www-form-urlencoded', body: 'quantity=1&a=' }),
		form,
		fc.constant<Body>({}),
	);
}

/** The routes of the OpenAPI document, with the fields each one's body documents. */
async function documentedRoutes(test: TestServer): Promise<Route[]> {
	const document = (await (await test.request('/openapi.json')).json()) as Document;
	return Object.entries(document.paths).flatMap(([path, operations]) =>
		Object.entries(operations).map(([method, operation]) => {
			const content = operation.requestBody?.content ?? {};
			return {
				method: method.toUpperCase(),
				path: path.replace(/^\/api/, ''),
				query: (operation.parameters ?? [])
					.filter((parameter) => parameter.in === 'query')
					.map((parameter) => parameter.name),
				fields: Object.values(content).flatMap((media) =>
					Object.keys(media.schema?.properties ?? {}),
				),
				mediaTypes: Object.keys(content),
			};
		}),
	);
}

/** The route's path with its parameters filled, and a query of hostile values. */
function addressOf(route: Route, parameters: string[], query: Record<string, string>): string {
	let index = 0;
	const path = route.path.replace(/\{\w+\}/g, () => parameters[index++ % parameters.length]!);
	const search = new URLSearchParams(query).toString();
	return search ? `${path}?${search}` : path;
}

describeOnDatabases('Every route, fuzzed', (use) => {
	/** A person of the kind, made for one request, so what one request did does not stop the next. */
	async function personFor(caller: Caller): Promise<TestUser | null> {
		if (caller === 'signedOut') return null;
		if (caller === 'moderator') return createModerator(use());
		return use().createUser({ complete: caller === 'member' });
	}

	/** A failed call's answer is the error envelope with a message; `null` when it is. */
	async function unexpectedAnswer(response: Response): Promise<string | null> {
		if (response.status >= 500) return `${response.status}: ${await response.text()}`;
		if (response.status < 400) return null;
		const body = await response.text();
		try {
			const parsed = JSON.parse(body) as { error?: { code?: string; message?: string } };
			if (typeof parsed.error?.code === 'string' && parsed.error.message) return null;
		} catch {
			// Not JSON: reported below.
		}
		return `${response.status} without the error envelope: ${body.slice(0, 200)}`;
	}

	it('answers every hostile request below 500, refusals with the error envelope', async () => {
		const test = use();
		// Something real for the ids to find: an item with a request on it.
		const donor = await test.createUser({ complete: true, name: 'Ani Wijaya' });
		const item = await createItemFor(test, donor);
		await ask(test, await test.createUser({ complete: true }), item.id);

		const routes = await documentedRoutes(test);
		expect(routes.length).toBeGreaterThan(40);
		const failures: string[] = [];
		let sent = 0;
		for (const route of routes) {
			const readsBody = route.mediaTypes.length > 0 || !['GET', 'DELETE'].includes(route.method);
			await fc
				.assert(
					fc.asyncProperty(
						fc.constantFrom(...callers),
						fc.array(pathParameter, { minLength: 1, maxLength: 2 }),
						fc.record(Object.fromEntries(route.query.map((name) => [name, text])), {
							requiredKeys: [],
						}),
						readsBody ? bodyFor(route) : fc.constant<Body>({}),
						async (caller, parameters, query, { contentType, body }) => {
							const address = addressOf(route, parameters, query as Record<string, string>);
							const response = await test.request(address, {
								method: route.method,
								user: await personFor(caller),
								...(contentType ? { headers: { 'Content-Type': contentType } } : {}),
								...(body === undefined ? {} : { body }),
							});
							sent += 1;
							const unexpected = await unexpectedAnswer(response);
							if (unexpected)
								failures.push(`${route.method} ${address} as ${caller}: ${unexpected}`);
							return unexpected === null;
						},
					),
					{ seed, numRuns: casesPerRoute, endOnFailure: true },
				)
				.catch(() => {
					// Recorded in `failures`; the other routes still run, so one run shows them all.
				});
			if (!readsBody) continue;
			// A body far over any limit, as JSON and as a form.
			for (const contentType of ['application/json', 'multipart/form-data; boundary=x']) {
				const address = addressOf(route, [String(item.id)], {});
				const response = await test.request(address, {
					method: route.method,
					user: donor,
					headers: { 'Content-Type': contentType },
					body: `{"name":"${'a'.repeat(11 * megabyte)}"}`,
				});
				sent += 1;
				const unexpected = await unexpectedAnswer(response);
				if (unexpected) failures.push(`${route.method} ${address} (11 MB): ${unexpected}`);
			}
		}
		console.log(
			`Fuzzed ${routes.length} routes with ${sent} requests as ${callers.length} kinds of person: ` +
				`${failures.length} answered wrongly`,
		);
		expect(failures).toEqual([]);
	}, 300_000);
});
