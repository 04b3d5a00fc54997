/**
 * The parts of a service worker's global scope the worker uses. TypeScript's `webworker` library
 * declares them but cannot share a program with the `dom` library every other file needs.
 */

export interface ExtendableEvent extends Event {
	waitUntil(promise: Promise<unknown>): void;
}

export interface FetchEvent extends ExtendableEvent {
	readonly request: Request;
	respondWith(response: Response | Promise<Response>): void;
}

export interface PushEvent extends ExtendableEvent {
	readonly data: { json(): unknown } | null;
}

export interface NotificationEvent extends ExtendableEvent {
	readonly notification: Notification;
}

export interface ExtendableMessageEvent extends ExtendableEvent {
	readonly data: unknown;
}

export interface WindowClient {
	readonly url: string;
	focus(): Promise<WindowClient>;
	navigate(url: string): Promise<WindowClient | null>;
}

interface WorkerEvents {
	install: ExtendableEvent;
	activate: ExtendableEvent;
	fetch: FetchEvent;
	push: PushEvent;
	notificationclick: NotificationEvent;
	message: ExtendableMessageEvent;
}

/** `self` in the worker. */
export interface ServiceWorkerScope {
	readonly location: Location;
	readonly registration: ServiceWorkerRegistration;
	readonly clients: {
		claim(): Promise<void>;
		matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
		openWindow(url: string): Promise<WindowClient | null>;
	};
	skipWaiting(): Promise<void>;
	addEventListener<K extends keyof WorkerEvents>(
		type: K,
		listener: (event: WorkerEvents[K]) => void,
	): void;
}
