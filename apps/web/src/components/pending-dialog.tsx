import { Button, Group, Modal, Text } from '@mantine/core';

/**
 * A dialog whose content a later issue builds (the header's My Profile, My Account and
 * De-Activate Account): its title and one honest line, like the pending screen frame.
 */
export function PendingDialog({
  title,
  opened,
  onClose,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Text>This dialog is not built yet.</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Modal>
  );
}
