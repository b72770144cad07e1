import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TEXTS } from '@cuepoint/core';
import { Alert, Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { ApiError, CLIENT_TEXTS } from '../../../lib/api-client.ts';

export interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Links under the card's content (sign up, forgot password, back to sign in). */
  links?: ReactNode;
  width?: number;
  /** Above the title, instead of the Cuepoint logo: the customer's login logo, where one is set. */
  logo?: ReactNode;
}

/**
 * The clean layout of the public account pages: one centred card, no chrome, with the Cuepoint
 * logo above the title (or the customer's login logo where a page has one). A page titled with the
 * product name (sign-in) shows the logo as its title rather than the name twice.
 */
export function AuthLayout({ title, description, children, links, width = 400, logo }: AuthLayoutProps) {
  const brandTitle = !logo && title === TEXTS.productName;
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={width}>
        <Stack>
          {logo ??
            (brandTitle ? null : (
              <Center data-testid="brand-logo">
                <BrandLogo size="lg" />
              </Center>
            ))}
          <Stack gap={4}>
            {brandTitle ? (
              <Title order={1} size="h2" data-testid="brand-logo">
                <BrandLogo size="lg" />
              </Title>
            ) : (
              <Title order={1} size="h2">
                {title}
              </Title>
            )}
            {description && (
              <Text c="dimmed" size="sm">
                {description}
              </Text>
            )}
          </Stack>
          {children}
          {links && (
            <Stack gap={4} align="center">
              {links}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

/** A link to another console page, in the card's footer. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      {children}
    </Anchor>
  );
}

/** The words for a failed call: the server's message, or why no answer came. */
export const failureMessage = (error: unknown): string =>
  error instanceof ApiError ? error.message : CLIENT_TEXTS.unreachable;

export function ErrorAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert color="red" role="alert" title={title}>
      {children}
    </Alert>
  );
}

export function SuccessAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert color="teal" role="status" title={title}>
      {children}
    </Alert>
  );
}

/** The password rules in plain words, under a new password field. */
export const PASSWORD_HINT = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, with a lowercase letter, an uppercase letter, a number and a special character.`;
