/**
 * The Cuepoint brand logo (spec section 2): the full version (mark and word) and the minimised one
 * (mark only) used while the sidebar is minimised; the header's size, or a larger one for the
 * sign-in pages. The mark is the favicon's (and index.html's splash).
 */
function Mark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#d6336c" />
      <path d="M11 9v14l12-7z" fill="#fff" />
      <circle cx="24" cy="9" r="3" fill="#12b886" />
    </svg>
  );
}

const SIZES = { md: { mark: 30, minimised: 28, word: 19 }, lg: { mark: 40, minimised: 40, word: 26 } };

export function BrandLogo({ minimised = false, size = 'md' }: { minimised?: boolean; size?: 'md' | 'lg' }) {
  const sizes = SIZES[size];
  return (
    <span
      style={{ display: 'inline-flex', alignItems: 'center', gap: size === 'lg' ? 10 : 8 }}
      data-logo={minimised ? 'minimised' : 'full'}
    >
      <Mark size={minimised ? sizes.minimised : sizes.mark} />
      {!minimised && (
        <span
          style={{
            fontWeight: 700,
            fontSize: sizes.word,
            letterSpacing: '-0.01em',
            color: 'var(--mantine-color-text)',
          }}
        >
          Cuepoint
        </span>
      )}
    </span>
  );
}
