/**
 * The unsaved-changes question and the guards of dialogs (see unsaved-changes.tsx): a module of
 * its own, so the root layout's guard does not bring Mantine's Modal to every page.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { KIT_TEXTS } from './texts.ts';
import { type DirtyCheck, useUnsavedChanges } from './unsaved-changes.tsx';

export interface UnsavedChangesDialogProps {
  opened: boolean;
  /** Stay on the form, changes kept. */
  onStay: () => void;
  /** Leave, changes discarded. */
  onLeave: () => void;
}

/** The question asked before unsaved changes would be lost. "Keep editing" has the focus. */
export function UnsavedChangesDialog({ opened, onStay, onLeave }: UnsavedChangesDialogProps) {
  return (
    <Modal opened={opened} onClose={onStay} title={KIT_TEXTS.unsavedTitle} centered zIndex={400}>
      <Stack gap="md">
        <Text size="sm">{KIT_TEXTS.unsavedBody}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onStay} data-autofocus>
            {KIT_TEXTS.keepEditing}
          </Button>
          <Button color="red.9" onClick={onLeave}>
            {KIT_TEXTS.discardChanges}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * A dialog's form: closing it (Cancel, Escape, a click outside) asks first while it holds unsaved
 * changes. Render `confirm` beside the dialog; pass `requestClose` as its onClose.
 */
export function useGuardedClose(isDirty: DirtyCheck, onClose: () => void) {
  useUnsavedChanges(isDirty);
  const [asking, setAsking] = useState(false);
  const requestClose = useCallback(() => {
    if (isDirty()) setAsking(true);
    else onClose();
  }, [isDirty, onClose]);
  const confirm = (
    <UnsavedChangesDialog
      opened={asking}
      onStay={() => setAsking(false)}
      onLeave={() => {
        setAsking(false);
        onClose();
      }}
    />
  );
  return { requestClose, confirm };
}

/**
 * A dialog whose form is a child component (the account dialogs): the dialog asks
 * (`requestClose`, `confirm`) what its form reports through `dirty` (`useReportDirty`).
 */
export function useDialogGuard(opened: boolean, onClose: () => void) {
  const dirty = useRef<DirtyCheck>(() => false);
  const open = useRef(opened);
  open.current = opened;
  // A closed dialog holds nothing to lose, even while its content is still mounted (it fades out).
  const isDirty = useCallback(() => open.current && dirty.current(), []);
  return { ...useGuardedClose(isDirty, onClose), dirty };
}
