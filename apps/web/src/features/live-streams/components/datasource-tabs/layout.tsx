/** The Layouts tab: mid-roll layouts and the text overlay. */
import { LIVE_STREAM_LABELS as L } from '@cuepoint/core';
import { Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { LayoutsEditor } from '../datasource-lists.tsx';
import { clearErrorsOf, type FieldsProps, POSITION_OPTIONS } from './shared.tsx';

export function LayoutFields({ form }: FieldsProps) {
  const overlay = form.useWatchValue('textOverlayEnabled');
  const { onChange, ...switchProps } = form.getInputProps('textOverlayEnabled', { type: 'checkbox' });
  return (
    <Stack>
      <LayoutsEditor form={form} />
      <Switch
        label={L.textOverlayEnabled}
        key={form.key('textOverlayEnabled')}
        {...switchProps}
        onChange={(event) => {
          onChange(event);
          if (!event.currentTarget.checked) clearErrorsOf(form, ['textOverlayText']);
        }}
      />
      {overlay ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={L.textOverlayText}
            required
            key={form.key('textOverlayText')}
            {...form.getInputProps('textOverlayText')}
          />
          <Select
            label={L.textOverlayPosition}
            data={POSITION_OPTIONS}
            allowDeselect={false}
            key={form.key('textOverlayPosition')}
            {...form.getInputProps('textOverlayPosition')}
          />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
