/**
 * The bundle's fields (its create and record page): name and status, the pod template (optional;
 * only where this server offers pods) and the demand sources. Validated with core's
 * `bundleSchema` (the server's rules and words).
 */
import { BUNDLE_LABELS as L, RESOURCES } from '@cuepoint/core';
import { Alert, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { STATUS_OPTIONS } from '../../../components/resource/name-status-fields.tsx';
import { useResourceOptions } from '../../../components/resource/resource-options.ts';
import { usePodOptions } from '../api/demand-options.ts';
import { BUNDLE_SCREEN_TEXTS as T } from '../texts.ts';
import { type BundleForm, SourcesEditor } from './sources-editor.tsx';

/** Every field of a bundle. */
export function BundleFields({ form }: { form: BundleForm }) {
  const campaigns = useResourceOptions(RESOURCES.campaign);
  const pods = usePodOptions();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={L.name}
          required
          key={form.key('name')}
          {...form.getInputProps('name')}
          data-autofocus
        />
        <Select
          label={L.status}
          data={STATUS_OPTIONS}
          allowDeselect={false}
          required
          key={form.key('status')}
          {...form.getInputProps('status')}
        />
        {pods.shown && (
          <Select
            label={L.podId}
            description={T.podHint}
            data={pods.options.map(({ value, label }) => ({ value, label }))}
            placeholder={T.noPod}
            nothingFoundMessage={T.nothingFound}
            clearable
            key={form.key('podId')}
            {...form.getInputProps('podId')}
          />
        )}
      </SimpleGrid>
      {(campaigns.failed || pods.failed) && (
        <Alert color="yellow" role="status">
          {T.optionsUnavailable}
        </Alert>
      )}
      <SourcesEditor form={form} campaigns={campaigns.options} />
    </Stack>
  );
}
