/**
 * A date-time of a campaign's flight: typed in the spec's MM-DD-YYYYTHH:mm:ss (the placeholder says
 * so; UTC), or picked with the browser's date-time picker in a popover beside it, which writes the
 * same text. Leaving the field (or picking) re-checks the fields whose rules involve it (start
 * before end, a window's end after its start), so each message shows under its own field.
 */
import type { CampaignInput } from '@cuepoint/core';
import { ActionIcon, Button, Group, Popover, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { ConceptIcon } from '../../../components/icons.tsx';
import { fromPickerValue, toPickerValue } from '../format.ts';
import { CAMPAIGN_SCREEN_TEXTS as T } from '../texts.ts';

export type CampaignForm = UseFormReturnType<CampaignInput>;
export type DateField =
  | 'startDate'
  | 'endDate'
  | 'scheduleStartDate'
  | 'maxDate'
  | 'excludeStartDate'
  | 'excludeMaxDate';

export function DateTimeField({
  form,
  field,
  label,
  required = false,
  description = T.dateDescription,
  onChecked,
}: {
  form: CampaignForm;
  field: DateField;
  label: string;
  required?: boolean;
  description?: string;
  /** Re-checks the related fields (after a blur or a pick). */
  onChecked: () => void;
}) {
  const [opened, setOpened] = useState(false);
  // What the picker holds until Set (Escape or a click outside leaves the field as it was).
  const [draft, setDraft] = useState('');
  const props = form.getInputProps(field);
  const open = () => {
    setDraft(toPickerValue(String(form.getValues()[field] ?? '')));
    setOpened(true);
  };
  const commit = () => {
    const next = fromPickerValue(draft);
    setOpened(false);
    if (!next) return;
    form.setFieldValue(field, next);
    onChecked();
  };
  return (
    <TextInput
      label={label}
      description={description}
      dir="ltr"
      placeholder={T.datePlaceholder}
      required={required}
      key={form.key(field)}
      {...props}
      onBlur={(event) => {
        props.onBlur?.(event);
        onChecked();
      }}
      rightSectionPointerEvents="all"
      // A disabled field (a viewer's) offers no picker: it could not change the value anyway.
      rightSection={
        (props as { disabled?: boolean }).disabled ? undefined : (
          <Popover
            opened={opened}
            onChange={setOpened}
            position="bottom-end"
            trapFocus
            returnFocus
            withinPortal={false}
          >
            <Popover.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={T.pickDate(label)}
                aria-expanded={opened}
                onClick={() => (opened ? setOpened(false) : open())}
              >
                <ConceptIcon concept="pickDate" size={18} />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown>
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  type="datetime-local"
                  step={1}
                  label={T.pickerLabel(label)}
                  dir="ltr"
                  value={draft}
                  onChange={(event) => setDraft(event.currentTarget.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      commit();
                    }
                  }}
                  data-autofocus
                />
                <Button size="sm" onClick={commit} disabled={!fromPickerValue(draft)}>
                  {T.pickerSet}
                </Button>
              </Group>
            </Popover.Dropdown>
          </Popover>
        )
      }
    />
  );
}
