// A server process's CPU time, read from /proc: what a request costs the server, apart from the
// database's own work when the database is another process (PostgreSQL).
import { readFile } from 'node:fs/promises';

// The kernel counts a process's CPU time in ticks of 1/100 s (USER_HZ on Linux).
const ticksPerSecond = 100;

/**
 * The user and system CPU time of process `pid` so far, in milliseconds: all its threads, so
 * compression in libuv's pool counts too.
 * @param {number} pid
 */
export async function cpuMsOf(pid) {
	const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
	// Fields after the command's name, which is in parentheses and may hold spaces.
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	const [utime, stime] = [Number(fields[11]), Number(fields[12])];
	return ((utime + stime) * 1000) / ticksPerSecond;
}
