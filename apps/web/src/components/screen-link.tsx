import { Anchor, type AnchorProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useIsPendingPath } from '../lib/pending-screens.ts';

interface ScreenLinkProps extends AnchorProps {
  /** A console path (below /app). */
  to: string;
  children: ReactNode;
  /** A screen not built yet: show nothing (a bare "View") instead of the text without its link. */
  hideWhenPending?: boolean;
}

/**
 * A link to another screen of the console, but only to a screen that is built: until a screen
 * is built (it shows the pending frame), what would point to it is plain text, or nothing.
 */
export function ScreenLink({ to, children, hideWhenPending = false, ...props }: ScreenLinkProps) {
  const isPending = useIsPendingPath();
  if (!isPending(to)) {
    return (
      <Anchor component={Link} to={to} {...props}>
        {children}
      </Anchor>
    );
  }
  if (hideWhenPending) return null;
  return (
    <Text span {...props}>
      {children}
    </Text>
  );
}
