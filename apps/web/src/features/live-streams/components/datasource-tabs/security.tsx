/** The Security tab: trusted and blocked IP lists, the CDN token. */
import { LIVE_STREAM_LABELS as L, liveStreamSchema, splitList } from '@cuepoint/core';
import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { recheckFields } from '../../../../lib/recheck-fields.ts';
import { DATASOURCE_TEXTS as T } from '../../texts.ts';
import { type FieldsProps, IP_FIELDS } from './shared.tsx';

/** An IP list typed one entry a line (or comma separated), held by the form as an array. */
export function IpListField({
  form,
  field,
  label,
}: FieldsProps & { field: (typeof IP_FIELDS)[number]; label: string }) {
  const current = form.getValues()[field];
  return (
    <Textarea
      label={label}
      dir="ltr"
      description={T.ipListHint}
      rows={4}
      resize="vertical"
      spellCheck={false}
      autoComplete="off"
      data-path={field}
      key={form.key(field)}
      defaultValue={(Array.isArray(current) ? current : []).join('\n')}
      error={form.errors[field]}
      onChange={(event) =>
        form.setFieldValue(field, splitList(event.currentTarget.value), { forceUpdate: false })
      }
      onBlur={() => recheckFields(form, liveStreamSchema, IP_FIELDS)}
    />
  );
}

export function SecurityFields({ form }: FieldsProps) {
  return (
    <Stack>
      <TextInput
        label={L.akamaiToken}
        dir="ltr"
        description={T.akamaiTokenHint}
        autoComplete="off"
        spellCheck={false}
        key={form.key('akamaiToken')}
        {...form.getInputProps('akamaiToken')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <IpListField form={form} field="trustedIpsList" label={L.trustedIpsList} />
        <IpListField form={form} field="blockedIpsList" label={L.blockedIpsList} />
      </SimpleGrid>
    </Stack>
  );
}
