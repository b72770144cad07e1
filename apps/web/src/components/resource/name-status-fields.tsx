import { RESOURCE_STATUS_LABELS, RESOURCE_STATUSES } from '@cuepoint/core';
import { Select, SimpleGrid, TextInput } from '@mantine/core';

/** The choices of a record's status (core's words). */
export const STATUS_OPTIONS = RESOURCE_STATUSES.map((value) => ({
  value,
  label: RESOURCE_STATUS_LABELS[value],
}));

/** What the fields need of a Mantine form whose values have `name` and `status`. */
interface NameStatusForm {
  key: (path: 'name' | 'status') => string;
  getInputProps: (path: 'name' | 'status') => object;
}

/** A record's name (focused when the form opens) and its status, side by side. */
export function NameStatusFields({
  form,
  labels,
}: {
  form: NameStatusForm;
  labels: { name: string; status: string };
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={labels.name}
        required
        key={form.key('name')}
        {...form.getInputProps('name')}
        data-autofocus
      />
      <Select
        label={labels.status}
        data={STATUS_OPTIONS}
        allowDeselect={false}
        required
        key={form.key('status')}
        {...form.getInputProps('status')}
      />
    </SimpleGrid>
  );
}
