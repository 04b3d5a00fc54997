/**
 * The ports of the journeys' servers, counted from one base: `E2E_PORT` (4399 unless set) moves
 * them all together, so two runs on one machine stay apart.
 */
const base = Number(process.env['E2E_PORT'] ?? 4399);

export const e2ePorts = {
	/** The main server: an empty database but for the seeded accounts. */
	main: base,
	/** The heroes and support pages' servers, on the `full` and `sparse` data (decision 007). */
	seededFull: base + 1,
	seededSparse: base + 2,
	/** nginx terminating TLS, in front of the server on `proxied`. */
	proxy: base + 3,
	proxied: base + 4,
	/** The server without PUBLIC_URL, opened by the machine's network address. */
	otherHosts: base + 5,
};
