import { ACCOUNT_TEXTS, TEXTS } from '@cuepoint/core';
import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { toastServerError } from '../../../lib/server-error.ts';
import { logout } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useCanBeDeactivated } from '../api/can-be-deactivated.ts';
import { useDeactivateAccount } from '../api/deactivate-account.ts';
import { ACCOUNT_UI } from '../texts.ts';

export interface DeactivateDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * De-Activate Account (spec section 4): check, confirm, confirm again, deactivate, logout. An
 * account with configured channels or VODs cannot be de-activated (a 60 s error toast).
 */
export function DeactivateDialog({ opened, onClose }: DeactivateDialogProps) {
  const [step, setStep] = useState<'confirm' | 'confirmAgain'>('confirm');
  const deactivate = useDeactivateAccount();
  const close = () => {
    if (deactivate.isPending) return;
    setStep('confirm');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={TEXTS.deactivateAccount} centered>
      <DeactivateSteps step={step} onStep={setStep} onClose={close} deactivate={deactivate} />
    </Modal>
  );
}

function DeactivateSteps({
  step,
  onStep,
  onClose,
  deactivate,
}: {
  step: 'confirm' | 'confirmAgain';
  onStep: (step: 'confirm' | 'confirmAgain') => void;
  onClose: () => void;
  deactivate: ReturnType<typeof useDeactivateAccount>;
}) {
  // Mounted with the open dialog: the check runs afresh on every opening. Once the user has
  // confirmed twice it stops, so the logout's cache reset does not ask again.
  const [confirmed, setConfirmed] = useState(false);
  const check = useCanBeDeactivated(!confirmed);
  const reported = useRef(false);
  const cancelRef = useRef<HTMLButtonElement>(null);

  // Each question appears after the dialog took the focus (the check came first), and the second
  // replaces the first one's button: put the focus on the safe choice, Cancel, every time.
  const [ready, setReady] = useState(false);
  if (!ready && check.data === true) setReady(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus moves again when the question changes.
  useEffect(() => {
    if (ready) cancelRef.current?.focus();
  }, [ready, step]);

  useEffect(() => {
    if (reported.current) return;
    if (check.data === false) {
      reported.current = true;
      toast.error(ACCOUNT_TEXTS.cannotDeactivate, { duration: 'sticky' });
      onClose();
    } else if (check.isError) {
      reported.current = true;
      toastServerError(check.error);
      onClose();
    }
  }, [check.data, check.isError, check.error, onClose]);

  if (!ready) {
    return (
      <Center py="lg">
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm">{ACCOUNT_UI.checking}</Text>
        </Group>
      </Center>
    );
  }

  const finish = async () => {
    setConfirmed(true);
    try {
      await deactivate.mutateAsync();
    } catch (error) {
      // 409: a channel or VOD was configured meanwhile; the spec's 60 s message.
      if (error instanceof ApiError && error.status === 409) {
        toast.error(ACCOUNT_TEXTS.cannotDeactivate, { duration: 'sticky' });
        onClose();
      } else {
        toastServerError(error);
      }
      return;
    }
    toast.success(ACCOUNT_TEXTS.deactivated);
    // De-activation revoked every session of the account: nothing is left to end on the server.
    await logout({ revoked: true });
  };

  const first = step === 'confirm';
  return (
    <Stack>
      <Text>{first ? ACCOUNT_TEXTS.deactivateConfirm : ACCOUNT_TEXTS.deactivateConfirmAgain}</Text>
      <Group justify="flex-end">
        <Button
          ref={cancelRef}
          variant="default"
          onClick={onClose}
          disabled={deactivate.isPending}
          data-autofocus
        >
          {ACCOUNT_UI.cancel}
        </Button>
        {first ? (
          <Button key="first" color="red.9" onClick={() => onStep('confirmAgain')}>
            {ACCOUNT_UI.deactivate}
          </Button>
        ) : (
          <Button key="second" color="red.9" onClick={() => void finish()} loading={deactivate.isPending}>
            {ACCOUNT_UI.deactivateFinal}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
