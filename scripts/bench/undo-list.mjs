// What one database's run of the API benchmark created (a database, a folder, servers), undone
// in reverse order when the run ends or is interrupted.

/**
 * What one database's run created, undone in reverse order when it ends or on Ctrl-C. Once
 * interrupted, `check` throws and `add` undoes at once, so the run stops creating things (a
 * server started after the runner's last cleanup would outlive it).
 * @param {(cleanup: () => Promise<void>) => () => void} onInterrupt
 */
export function undoList(onInterrupt) {
	/** @type {Array<() => Promise<unknown>>} */
	const steps = [];
	let interrupted = false;
	const undo = async () => {
		for (const step of steps.splice(0).reverse()) await step().catch(() => undefined);
	};
	const forget = onInterrupt(async () => {
		interrupted = true;
		await undo();
	});
	const check = () => {
		if (interrupted) throw new Error('interrupted');
	};
	return {
		check,
		/** @param {() => Promise<unknown>} step */
		add(step) {
			if (interrupted) void step().catch(() => undefined);
			check();
			steps.push(step);
		},
		async done() {
			forget();
			await undo();
		},
	};
}
