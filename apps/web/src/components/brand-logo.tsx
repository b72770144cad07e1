/**
 * The Cuepoint brand logo for the header (spec section 2): the full version (mark and word) and
 * the minimised one (mark only) used while the sidebar is minimised. The mark is the favicon's.
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

export function BrandLogo({ minimised = false }: { minimised?: boolean }) {
  return (
    <span
      style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}
      data-logo={minimised ? 'minimised' : 'full'}
    >
      <Mark size={minimised ? 28 : 30} />
      {!minimised && (
        <span
          style={{
            fontWeight: 700,
            fontSize: 19,
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
