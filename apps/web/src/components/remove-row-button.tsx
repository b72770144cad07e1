import { ActionIcon } from '@mantine/core';
import { useRoleAllows } from '../lib/role-access.ts';
import { ConceptIcon } from './icons.tsx';

/**
 * The red ✕ that removes one row of a form's list (a creative's tracking URLs, a VOD asset's cue
 * points, a stream's bundles and layouts, a bundle's sources), level with the row's fields. A
 * viewer reads the rows and gets none: removing is an edit it may not save.
 */
export function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  const canWrite = useRoleAllows('write');
  if (!canWrite) return null;
  return (
    <ActionIcon
      variant="subtle"
      color="red.9"
      c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))"
      size="lg"
      mt={26}
      aria-label={label}
      onClick={onClick}
    >
      <ConceptIcon concept="removeItem" size={18} />
    </ActionIcon>
  );
}
