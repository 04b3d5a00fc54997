/** Small inline icons of the item page's gallery; decorative, so hidden from screen readers. */

interface IconProps {
	className?: string;
}

/** A chevron pointing left or right, for the gallery's previous and next buttons. */
export function ChevronIcon({
	direction,
	className = 'size-5',
}: IconProps & { direction: 'left' | 'right' }) {
	return (
		<svg
			aria-hidden="true"
			viewBox="0 0 24 24"
			fill="none"
			stroke="currentColor"
			strokeWidth="2.5"
			className={className}
		>
			<path
				strokeLinecap="round"
				strokeLinejoin="round"
				d={direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 6l6 6-6 6'}
			/>
		</svg>
	);
}

/** A picture with a slash, shown where a photo could not be loaded. */
export function MissingPhotoIcon({ className = 'size-12' }: IconProps) {
	return (
		<svg
			aria-hidden="true"
			viewBox="0 0 24 24"
			fill="none"
			stroke="currentColor"
			strokeWidth="1.5"
			className={className}
		>
			<path
				strokeLinecap="round"
				strokeLinejoin="round"
				d="M4 5h16v14H4zM4 15l4-4 3 3 3-3 6 6M3 3l18 18"
			/>
		</svg>
	);
}
