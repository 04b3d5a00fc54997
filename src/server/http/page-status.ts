import { STATUS_CODES } from 'node:http';

/**
 * Gives a server-rendered page's answer `status` with its own reason phrase: Astro keeps the
 * phrase `OK` for any status set on `Astro.response` alone.
 */
export function setPageStatus(
	response: { status?: number; statusText?: string },
	status: number,
): void {
	response.status = status;
	response.statusText = STATUS_CODES[status] ?? '';
}
