/** The General tab: name, status, source, format, time zone and EPG. */
import { FORMAT_TYPES, LIVE_STREAM_LABELS as L } from '@cuepoint/core';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DATASOURCE_TEXTS as T } from '../../texts.ts';
import { type FieldsProps, STATUS_OPTIONS } from './shared.tsx';

export function GeneralFields({ form }: FieldsProps) {
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={L.name} required key={form.key('name')} {...form.getInputProps('name')} />
        <Select
          label={L.status}
          data={STATUS_OPTIONS}
          allowDeselect={false}
          key={form.key('status')}
          {...form.getInputProps('status')}
        />
      </SimpleGrid>
      <TextInput
        label={L.sourceStreamUrl}
        dir="ltr"
        description={T.streamUrlHint}
        required
        inputMode="url"
        autoComplete="off"
        key={form.key('sourceStreamUrl')}
        {...form.getInputProps('sourceStreamUrl')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={L.formatType}
          data={FORMAT_TYPES}
          allowDeselect={false}
          key={form.key('formatType')}
          {...form.getInputProps('formatType')}
        />
        <TextInput
          label={L.timezone}
          dir="ltr"
          description={T.timezoneHint}
          autoComplete="off"
          key={form.key('timezone')}
          {...form.getInputProps('timezone')}
        />
      </SimpleGrid>
      <TextInput
        label={L.epgUrl}
        dir="ltr"
        inputMode="url"
        autoComplete="off"
        key={form.key('epgUrl')}
        {...form.getInputProps('epgUrl')}
      />
    </Stack>
  );
}
