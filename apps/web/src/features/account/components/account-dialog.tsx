import { type AccountCustomer, ROLE_ACCESS_TEXTS, TEXTS, type User } from '@cuepoint/core';
import { Alert, Button, Center, Fieldset, Group, Loader, Modal, Stack } from '@mantine/core';
import type { RefObject } from 'react';
import { useReportDirty } from '../../../components/resource/unsaved-changes.tsx';
import { useDialogGuard } from '../../../components/resource/unsaved-changes-dialog.tsx';
import { useRoleAllows } from '../../../lib/role-access.ts';
import { useCustomer } from '../api/get-customer.ts';
import { ACCOUNT_UI, failureMessage } from '../texts.ts';
import { ApiAccess } from './api-access.tsx';
import { CdnSection } from './cdn-section.tsx';
import { CustomDomainSection } from './custom-domain-section.tsx';
import { LogosSection } from './logos-section.tsx';
import { PlanSection } from './plan-section.tsx';
import { useAccountForm } from './use-account-form.ts';

/** The account dialog's id in its Modal.Stack (the upgrade dialogs stack above it). */
export const ACCOUNT_STACK_ID = 'account';

export interface AccountDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The user the console presents; the account is its customer's. */
  user: User;
}

/**
 * My Account (spec sections 2, 4 and 5): plan and time zone, logos, custom domain, sub-domain,
 * CDN and API access. A Modal.Stack holds it and the upgrade dialogs, so only the top one is
 * shown, traps the focus and closes on Escape. Closing it with unsaved changes asks first.
 * It is a team owner's (`manage`, what the server asks of every call behind it): the header
 * offers it to owners only, and a member who reaches it another way (a plan lock's Upgrade, a
 * notification, the API guide) is told so instead of given a form the server would refuse.
 */
export function AccountDialog({ opened, onClose, user }: AccountDialogProps) {
  const guard = useDialogGuard(opened, onClose);
  const owner = useRoleAllows('manage');
  return (
    <>
      <Modal.Stack>
        <Modal
          stackId={ACCOUNT_STACK_ID}
          opened={opened}
          onClose={guard.requestClose}
          title={TEXTS.myAccount}
          size="lg"
        >
          {owner ? (
            <AccountBody user={user} onDone={onClose} onCancel={guard.requestClose} dirty={guard.dirty} />
          ) : (
            <OwnerOnly onClose={onClose} />
          )}
        </Modal>
      </Modal.Stack>
      {guard.confirm}
    </>
  );
}

/** What a member who is not an owner sees: why, and the way out. */
function OwnerOnly({ onClose }: { onClose: () => void }) {
  return (
    <Stack data-testid="account-owner-only">
      <Alert color="blue" title={ROLE_ACCESS_TEXTS.ownerOnlyTitle}>
        {ROLE_ACCESS_TEXTS.accountOwnerOnly}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>
          {ROLE_ACCESS_TEXTS.close}
        </Button>
      </Group>
    </Stack>
  );
}

interface BodyProps {
  user: User;
  /** Saved: closes the dialog. */
  onDone: () => void;
  /** Cancel: closes the dialog, asking first when there are unsaved changes. */
  onCancel: () => void;
  /** Where the form reports whether it holds unsaved changes. */
  dirty: RefObject<() => boolean>;
}

function AccountBody({ user, onDone, onCancel, dirty }: BodyProps) {
  const customer = useCustomer(user.customerId._id);
  if (customer.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the account" />
      </Center>
    );
  }
  if (customer.isError) {
    return (
      <Stack>
        <Alert color="red" title={ACCOUNT_UI.loadFailed} role="alert">
          {failureMessage(customer.error)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {ACCOUNT_UI.cancel}
          </Button>
          <Button onClick={() => void customer.refetch()} loading={customer.isFetching}>
            {ACCOUNT_UI.retry}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <AccountForm
      customer={customer.data}
      userId={user._id}
      isMainAdmin={user.profile.isMainAdmin}
      onDone={onDone}
      onCancel={onCancel}
      dirty={dirty}
    />
  );
}

/** The form, one section after another (each in its own module), and Save/Cancel. */
function AccountForm({
  customer,
  userId,
  isMainAdmin,
  onDone,
  onCancel,
  dirty,
}: Omit<BodyProps, 'user'> & {
  customer: AccountCustomer;
  userId: string;
  isMainAdmin: boolean;
}) {
  const account = useAccountForm(customer, userId, onDone);
  useReportDirty(dirty, account.form.isDirty);
  return (
    <form onSubmit={account.submit} noValidate aria-label={TEXTS.myAccount}>
      <Stack gap="lg">
        <PlanSection account={account} customer={customer} isMainAdmin={isMainAdmin} />
        <LogosSection account={account} customer={customer} />
        <CustomDomainSection account={account} customer={customer} />
        <CdnSection account={account} customer={customer} />
        <Fieldset legend="API access" variant="unstyled">
          <ApiAccess
            customer={customer}
            userId={userId}
            onUpgraded={() => account.form.setFieldValue('paymentPlan', 'enterprise')}
          />
        </Fieldset>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={account.saving}>
            {ACCOUNT_UI.cancel}
          </Button>
          <Button type="submit" loading={account.saving}>
            {ACCOUNT_UI.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
