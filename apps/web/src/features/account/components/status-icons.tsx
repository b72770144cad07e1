import type { SVGProps } from 'react';

type Props = { size?: number } & SVGProps<SVGSVGElement>;

/** Drawn like the shared icon set (24x24, stroke, currentColor, hidden from assistive technology). */
function Svg({ size = 18, children, ...props }: Props) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** Included: a check mark. */
export const IconCheck = (props: Props) => (
  <Svg {...props}>
    <path d="M5 12l5 5L20 7" />
  </Svg>
);

/** Not included: a cross. */
export const IconCross = (props: Props) => (
  <Svg {...props}>
    <path d="M18 6L6 18M6 6l12 12" />
  </Svg>
);

/** A hint: a question mark in a circle. */
export const IconInfo = (props: Props) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 16v-4M12 8h.01" />
  </Svg>
);
