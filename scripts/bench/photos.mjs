// The photo pipeline: how long one 12-megapixel phone photo takes to become the stored WebP
// widths, how much memory that takes, and how many bytes a card loads instead of the original.
//
// The timed work runs in a child process (this same file, run directly) so its peak RSS is the
// pipeline's alone, not the runner's with whatever earlier modules left in it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { formatKb, formatTable } from './format.mjs';

export const name = 'photos';
export const description = 'photo pipeline: one 12 MP JPEG to WebP at 360/720/1280 px';

const photoWidth = 4000;
const photoHeight = 3000;
const jpegQuality = 90;
const runs = 5;
// The widths and limits of src/features/items/photos.server.ts and src/config/limits.ts.
const photoWidths = [360, 720, 1280];
const imageMaxPixels = 40_000_000;
const imageMaxBytes = 5 * 1024 * 1024;
// What a card loads (its srcset's 1× and 2× candidates).
const cardWidth = 360;
const cardWidth2x = 720;

/**
 * Re-encodes one upload as src/server/images.ts `reencodeImage` does, call for call: a header-only
 * metadata read without a pixel limit, the pixel check, then every width decoded from the
 * original in parallel with the same sharp options. Keep the two in step; the bundled server
 * cannot be imported here without starting its context.
 * @param {Uint8Array} bytes
 */
async function reencode(bytes) {
	const input = () =>
		sharp(bytes, { limitInputPixels: imageMaxPixels, failOn: 'truncated', sequentialRead: true });
	const metadata = await sharp(bytes, { limitInputPixels: false, failOn: 'truncated' }).metadata();
	if ((metadata.width ?? 0) * (metadata.height ?? 0) > imageMaxPixels) {
		throw new Error('over the pixel limit');
	}
	return Promise.all(
		photoWidths.map(async (width) => {
			const { data, info } = await input()
				.rotate()
				.resize({ width, fit: 'inside', withoutEnlargement: true })
				.webp({ quality: 78, effort: 4 })
				.toBuffer({ resolveWithObject: true });
			return { width: info.width, height: info.height, bytes: data.length };
		}),
	);
}

/**
 * A 4000×3000 JPEG that compresses like a phone photo: random detail at three scales (blown up
 * from small noise, so it survives downscaling the way edges and texture in a real scene do) and
 * per-pixel grain, which the downscaled widths average away as they would sensor noise. Tuned to
 * ~4 MB at quality 90 and card WebPs of the usual tens of KB; a fixed seed keeps the file the same
 * on every run.
 * @returns {Promise<Buffer>}
 */
async function makePhoto() {
	let seed = 0x2024;
	// xorshift32: Math.random cannot be seeded.
	const random = () => {
		seed ^= seed << 13;
		seed ^= seed >>> 17;
		seed ^= seed << 5;
		return (seed >>> 0) / 4294967296;
	};
	const raw = { width: photoWidth, height: photoHeight, channels: 3 };
	const layer = async (width, height) => {
		const small = Buffer.alloc(width * height * 3);
		for (let index = 0; index < small.length; index++) small[index] = random() * 256;
		return sharp(small, { raw: { width, height, channels: 3 } })
			.resize(photoWidth, photoHeight, { fit: 'fill', kernel: 'cubic' })
			.raw()
			.toBuffer();
	};
	const shapes = await layer(40, 30);
	const texture = await layer(250, 188);
	const detail = await layer(1000, 750);
	const grain = 32;
	// Clamped, so sums beyond 0–255 saturate as in an over-exposed photo instead of wrapping.
	const pixels = new Uint8ClampedArray(photoWidth * photoHeight * 3);
	for (let index = 0; index < pixels.length; index++) {
		pixels[index] =
			128 +
			(shapes[index] - 128) * 0.6 +
			(texture[index] - 128) * 0.25 +
			(detail[index] - 128) * 0.12 +
			(random() - 0.5) * grain;
	}
	return sharp(Buffer.from(pixels.buffer), { raw }).jpeg({ quality: jpegQuality }).toBuffer();
}

/**
 * The child's side: processes the photo `runs` times and prints the figures as JSON.
 * @param {string} file
 */
async function measureInChild(file) {
	const original = await readFile(file);
	const baselineRss = process.memoryUsage().rss;
	const times = [];
	const cpuTimes = [];
	// The high-water mark after each photo: the first shows one upload's cost, the last whether
	// repeated uploads keep growing it (memory freed by libvips' threads is not always returned).
	const peaks = [];
	let variants;
	for (let index = 0; index < runs; index++) {
		// A fresh copy per run, as every upload is a fresh buffer: libvips keeps a cache of recent
		// operations, and a decode served from it would make later runs look faster than uploads.
		const bytes = new Uint8Array(original);
		const started = performance.now();
		const cpu = process.cpuUsage();
		variants = await reencode(bytes);
		times.push(performance.now() - started);
		// User + system time of every thread (libvips runs in libuv's pool): unlike the wall time,
		// it hardly grows when other work shares the machine.
		const used = process.cpuUsage(cpu);
		cpuTimes.push((used.user + used.system) / 1_000);
		// resourceUsage reports kilobytes on Linux and macOS.
		peaks.push(process.resourceUsage().maxRSS * 1024);
	}
	const result = {
		times,
		cpuTimes,
		variants,
		baselineRss,
		peaks,
		peakRss: peaks.at(-1),
		sharp: sharp.versions,
		concurrency: sharp.concurrency(),
	};
	process.stdout.write(JSON.stringify(result));
}

/** @param {number[]} values */
function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** @param {number} bytes */
const formatMb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Makes the test photo, times the pipeline on it in a child process, and prints the time, the
 * memory and the bytes of every width against the original.
 * @param {{ log: (line?: string) => void,
 *   onInterrupt?: (cleanup: () => Promise<void>) => () => void }} context
 */
export async function run({ log, onInterrupt = () => () => {} }) {
	const folder = await mkdtemp(path.join(tmpdir(), 'hibahin-bench-photos-'));
	const cleanup = () => rm(folder, { recursive: true, force: true });
	const forget = onInterrupt(cleanup);
	try {
		const photo = await makePhoto();
		const file = path.join(folder, 'photo.jpg');
		await writeFile(file, photo);
		log(
			`Test photo: ${photoWidth}×${photoHeight} JPEG at quality ${jpegQuality}, ` +
				`${formatMb(photo.length)}` +
				(photo.length > imageMaxBytes ? '  !! over the 5 MB upload limit' : ''),
		);

		const child = spawn(process.execPath, [fileURLToPath(import.meta.url), file], {
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		const [code] = await once(child, 'exit');
		if (code !== 0) throw new Error(`the pipeline child failed (exit ${code}):\n${stderr}`);
		const measured = JSON.parse(stdout);

		const times = measured.times.map((ms) => Math.round(ms));
		const medianMs = Math.round(median(measured.times));
		const medianCpuMs = Math.round(median(measured.cpuTimes));
		const variants = measured.variants.map((variant) => ({
			...variant,
			ratio: variant.bytes / photo.length,
		}));
		log(
			`Pipeline (sharp ${measured.sharp.sharp}, libvips ${measured.sharp.vips}, libvips ` +
				`threads per image ${measured.concurrency}): median ${medianMs} ms of ${runs} runs ` +
				`(${times.join(', ')} ms), median CPU time ${medianCpuMs} ms`,
		);
		log(
			`Peak RSS of the process: ${formatMb(measured.peakRss)} after ${runs} photos, ` +
				`${formatMb(measured.peaks[0])} after the first (${formatMb(measured.baselineRss)} ` +
				`before it, so about ${formatMb(measured.peaks[0] - measured.baselineRss)} for one photo)`,
		);
		log();
		log(
			formatTable(
				['Width', 'Size', 'Bytes', 'Of original', 'Used by'],
				[
					['original', `${photoWidth}×${photoHeight}`, formatKb(photo.length), '100%', 'upload'],
					...variants.map((variant) => [
						`${variant.width} px`,
						`${variant.width}×${variant.height}`,
						formatKb(variant.bytes),
						`${(variant.ratio * 100).toFixed(2)}%`,
						variant.width === cardWidth
							? 'card (1×)'
							: variant.width === cardWidth2x
								? 'card (2×)'
								: 'gallery',
					]),
				],
			),
		);
		const card = variants.find((variant) => variant.width === cardWidth);
		const card2x = variants.find((variant) => variant.width === cardWidth2x);
		log();
		log(
			`A card loads ${formatKb(card.bytes)} instead of ${formatKb(photo.length)}: ` +
				`1/${Math.round(1 / card.ratio)} of the original (1/${Math.round(1 / card2x.ratio)} ` +
				`on 2× screens, ${formatKb(card2x.bytes)}).`,
		);
		return {
			original: {
				width: photoWidth,
				height: photoHeight,
				quality: jpegQuality,
				bytes: photo.length,
			},
			runs,
			timesMs: times,
			medianMs,
			cpuTimesMs: measured.cpuTimes.map((ms) => Math.round(ms)),
			medianCpuMs,
			peakRssBytes: measured.peakRss,
			peakRssBytesPerRun: measured.peaks,
			baselineRssBytes: measured.baselineRss,
			variants,
			cardRatio: card.ratio,
			card2xRatio: card2x.ratio,
			sharp: measured.sharp,
			concurrency: measured.concurrency,
		};
	} finally {
		await cleanup();
		forget();
	}
}

/**
 * The columns this module adds to the final summary table, one row.
 * @param {{ medianMs: number, peakRssBytes: number, cardRatio: number }} results
 */
export function summarize(results) {
	return {
		columns: ['Photo ms', 'Photo RSS', 'Card/orig'],
		rows: new Map([
			[
				'photo 12 MP',
				[
					`${results.medianMs} ms`,
					formatMb(results.peakRssBytes),
					`${(results.cardRatio * 100).toFixed(2)}%`,
				],
			],
		]),
	};
}

// Run directly (by `run` above), this file is the child that does the timed work.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
	await measureInChild(process.argv[2]);
}
