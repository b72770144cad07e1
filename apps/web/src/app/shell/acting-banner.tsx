import { TEXTS, workingAs } from '@cuepoint/core';
import { Button, Text } from '@mantine/core';
import type { SessionLoaderData } from '../../lib/session.ts';
import { leaveUserView, signOutOfLoginAs } from '../../lib/view-mode.ts';
import classes from './shell.module.css';

/**
 * Acting as someone else is unmistakable (issue 22): during login-as every page says whose
 * account this is, with the way back to the administrator's own (the header's Sign out: the
 * impersonated user is forgotten and the page reloads); User View says so too, with the way back
 * to Admin View. Nothing otherwise.
 */
export function ActingBanner({ session }: { session: SessionLoaderData }) {
  if (session.loginAs) {
    const { email, customerId } = session.user;
    return (
      <section className={classes.actingBanner} data-acting="login-as" aria-label="Login as">
        <Text size="sm" fw={600} className={classes.actingText}>
          {workingAs(email, customerId.name)}
        </Text>
        <Button size="compact-sm" color="dark" onClick={() => signOutOfLoginAs()}>
          {TEXTS.backToMyAccount}
        </Button>
      </section>
    );
  }
  if (session.userView) {
    return (
      <section className={classes.actingBanner} data-acting="user-view" aria-label={TEXTS.userView}>
        <Text size="sm" fw={600} className={classes.actingText}>
          {TEXTS.userViewBanner}
        </Text>
        <Button size="compact-sm" color="dark" onClick={() => leaveUserView()}>
          {TEXTS.backToAdminView}
        </Button>
      </section>
    );
  }
  return null;
}
