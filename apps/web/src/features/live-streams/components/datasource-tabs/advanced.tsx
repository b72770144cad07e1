/** The Advanced tab: the advanced configuration, the slate, its fill mode and break-end prediction. */
import { LIVE_STREAM_LABELS as L } from '@cuepoint/core';
import { Select, SimpleGrid, Stack, Switch, Textarea } from '@mantine/core';
import { DATASOURCE_TEXTS as T } from '../../texts.ts';
import { FILL_MODE_OPTIONS, type FieldsProps, type SlateOption } from './shared.tsx';

export function AdvancedFields({ form, slates }: FieldsProps & { slates: readonly SlateOption[] }) {
  return (
    <Stack>
      <Textarea
        label={L.advancedConfig}
        dir="ltr"
        description={T.advancedConfigHint}
        rows={6}
        resize="vertical"
        spellCheck={false}
        autoComplete="off"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        key={form.key('advancedConfig')}
        {...form.getInputProps('advancedConfig')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={L.slateId}
          data={slates as SlateOption[]}
          clearable
          searchable
          placeholder={T.slatePlaceholder}
          nothingFoundMessage={T.noSlates}
          key={form.key('slateId')}
          {...form.getInputProps('slateId')}
        />
        <Select
          label={L.slateFillMode}
          data={FILL_MODE_OPTIONS}
          allowDeselect={false}
          key={form.key('slateConfig.fillMode')}
          {...form.getInputProps('slateConfig.fillMode')}
        />
        <Switch
          label={L.slatePrediction}
          mt={{ base: 0, sm: 30 }}
          key={form.key('slateConfig.prediction')}
          {...form.getInputProps('slateConfig.prediction', { type: 'checkbox' })}
        />
      </SimpleGrid>
    </Stack>
  );
}
