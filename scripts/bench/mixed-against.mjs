// `npm run bench -- --only mixed --against <git ref>`: the mixed load (mixed.mjs) on one app
// process of this build and one of another version, on the same seeded database, in alternating
// rounds. A machine whose speed drifts over minutes (a shared one) moves both builds' figures
// alike within a round, so the ratio of a round is worth more than two runs minutes apart.
// Nothing is asserted: the figures are printed, with each round's ratio and their median.
import { formatMs, formatTable } from './format.mjs';
import { median } from './lighthouse-against.mjs';
import {
	citySlugs,
	describeMix,
	measure,
	measureSeconds,
	mixedRequests,
	seededMix,
	warmupSeconds,
} from './mixed.mjs';
import { buildOtherVersion } from './other-build.mjs';
import { pickPort } from './server.mjs';
import { undoList } from './undo-list.mjs';

export const name = 'mixed';
export const description =
	'the mixed load on one app process, this build beside another version, rounds alternating';

/**
 * Builds `options.against`, seeds a database, starts one process of each build on it and loads
 * them in turn for `options.runs` rounds, which build goes first alternating between rounds.
 * @param {{ root: string, buildDir: string, host: string,
 *   options: { against: string, runs: number, port: number },
 *   log: (line?: string) => void, onInterrupt: (cleanup: () => Promise<void>) => () => void }} context
 */
export async function run({ root, buildDir, host, options, log, onInterrupt }) {
	const { against: ref, runs } = options;
	describeMix(log);
	const undo = undoList(onInterrupt);
	try {
		// Clear of the ports the main server and the other modules take.
		const thisPort = await pickPort(options.port + 20, host);
		const otherPort = await pickPort(thisPort + 1, host);
		log(`Building ${ref} …`);
		const other = await buildOtherVersion({
			root,
			ref,
			siteUrl: `http://${host}:${otherPort}`,
			log,
			track: undo.add,
		});
		const { version, client, range, donors, start } = await seededMix({ root, log, undo });
		// The other version migrates the database to its own schema where it differs; read-only
		// pages and API calls are what the mix asks of both.
		const builds = [
			{ label: 'this build', server: await start({ root, buildDir, host, port: thisPort }) },
			{
				label: `${ref} (${other.commit.slice(0, 9)})`,
				server: await start({ root: other.dir, buildDir: other.dir, host, port: otherPort }),
			},
		];
		const cities = await citySlugs(builds[0].server.baseUrl, client);
		const requests = mixedRequests({ range, cities, donors });
		/** @type {Array<Array<import('./load-figures.mjs').Run>>} */
		const rounds = [];
		for (let round = 0; round < runs; round++) {
			const order = round % 2 ? [1, 0] : [0, 1];
			const figures = [];
			for (const index of order) {
				log(`  round ${round + 1} of ${runs}: ${builds[index].label}…`);
				figures[index] = await measure(builds[index].server.baseUrl, requests);
			}
			rounds.push(figures);
		}
		const result = {
			version,
			against: { ref, commit: other.commit },
			warmupSeconds,
			measureSeconds,
			labels: builds.map(({ label }) => label),
			rounds,
			ratio: median(rounds.map(([mine, theirs]) => mine.rps / theirs.rps)),
			failed: rounds.some((figures) => figures.some(({ errors }) => errors > 0))
				? [{ error: 'errors in the mixed load: see the rounds' }]
				: [],
		};
		printRounds(result, log);
		return result;
	} finally {
		await undo.done();
	}
}

/** @param {Awaited<ReturnType<typeof run>>} result @param {(line?: string) => void} log */
function printRounds({ labels, rounds, ratio }, log) {
	const [mine, theirs] = labels;
	const cell = (figures) =>
		`${figures.rps} req/s, p95 ${formatMs(figures.latency.p95)}, ${figures.errors} errors`;
	log();
	log(
		formatTable(
			['round', mine, theirs, 'ratio'],
			rounds.map(([a, b], index) => [
				String(index + 1),
				cell(a),
				cell(b),
				(a.rps / b.rps).toFixed(2),
			]),
		),
	);
	log();
	log(`median ratio of ${mine} to ${theirs}: ${ratio?.toFixed(2)}`);
}

/** @param {Awaited<ReturnType<typeof run>>} result */
export function summarize({ labels, rounds, ratio }) {
	const medianOf = (index) => median(rounds.map((figures) => figures[index].rps));
	return {
		columns: ['Mixed req/s (median)', 'Ratio'],
		rows: new Map([
			[`mixed: ${labels[0]}`, [String(medianOf(0)), ratio?.toFixed(2) ?? '']],
			[`mixed: ${labels[1]}`, [String(medianOf(1)), '']],
		]),
	};
}
