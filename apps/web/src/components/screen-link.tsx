import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface ScreenLinkProps extends AnchorProps {
  /** A console path (below /app). */
  to: string;
  children: ReactNode;
}

/** A link to another screen of the console, in the console's link style. */
export function ScreenLink({ to, children, ...props }: ScreenLinkProps) {
  return (
    <Anchor component={Link} to={to} {...props}>
      {children}
    </Anchor>
  );
}
