/** The Redundancy tab: the backup source. */
import { LIVE_STREAM_LABELS as L } from '@cuepoint/core';
import { Select, Stack, TextInput } from '@mantine/core';
import { DATASOURCE_TEXTS as T } from '../../texts.ts';
import { clearErrorsOf, type FieldsProps, REDUNDANCY_OPTIONS } from './shared.tsx';

export function RedundancyFields({ form }: FieldsProps) {
  const mode = form.useWatchValue('inRedundancy');
  const { onChange, ...modeProps } = form.getInputProps('inRedundancy');
  return (
    <Stack>
      <Select
        label={L.inRedundancy}
        data={REDUNDANCY_OPTIONS}
        allowDeselect={false}
        key={form.key('inRedundancy')}
        {...modeProps}
        onChange={(value) => {
          onChange(value);
          if (value !== 'ENABLE') clearErrorsOf(form, ['backupStreamUrl']);
        }}
      />
      {mode === 'ENABLE' ? (
        <TextInput
          label={L.backupStreamUrl}
          dir="ltr"
          description={T.streamUrlHint}
          required
          inputMode="url"
          autoComplete="off"
          key={form.key('backupStreamUrl')}
          {...form.getInputProps('backupStreamUrl')}
        />
      ) : null}
    </Stack>
  );
}
