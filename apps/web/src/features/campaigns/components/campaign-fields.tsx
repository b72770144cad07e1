/**
 * The campaign's fields (its create and record page), in sections, validated with core's
 * `campaignSchema` (the server's rules and words):
 * - General: name, advertiser ('required *'), status;
 * - Flight: start and end (MM-DD-YYYYTHH:mm:ss, 'Start date must be before end date!' / 'End
 *   date must be after start date!'), the schedule and exclude windows ('Invalid date!'), the
 *   daily start and end times (HH:mm, 'Invalid time!') and the days of the week;
 * - Delivery: priority (a level 1-10 for standard), weight, booked impressions, the daily
 *   impression budget, the frequency cap per period, pacing and the CPM rate;
 * - Placements ('Placements is required') and creatives of the account;
 * - Targeting: live streams, VOD assets, countries and devices (empty targets every one).
 */
import {
  CAMPAIGN_PRIORITIES,
  COUNTRIES,
  campaignSchema,
  DEVICE_LABELS,
  DEVICE_TYPES,
  FREQUENCY_PERIODS,
  CAMPAIGN_LABELS as L,
  PACING_LABELS,
  PACING_MODES,
  PRIORITY_LEVEL_MAX,
  PRIORITY_LEVEL_MIN,
  RESOURCES,
  type ResourceKind,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from '@cuepoint/core';
import {
  Alert,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useId } from 'react';
import { STATUS_OPTIONS } from '../../../components/resource/name-status-fields.tsx';
import { type ResourceOption, useResourceOptions } from '../../../components/resource/resource-options.ts';
import { recheckFields } from '../../../lib/recheck-fields.ts';
import type { ResourceSpecOf } from '../../../lib/resource-api.ts';
import { CAMPAIGN_SCREEN_TEXTS as T } from '../texts.ts';
import { type CampaignForm, type DateField, DateTimeField } from './date-time-field.tsx';

const DATE_FIELDS: readonly DateField[] = [
  'startDate',
  'endDate',
  'scheduleStartDate',
  'maxDate',
  'excludeStartDate',
  'excludeMaxDate',
];
const TIME_FIELDS = ['ruleStartTime', 'ruleEndTime'] as const;
const COUNTRY_DATA = COUNTRIES.map((country) => ({
  value: country.code,
  label: `${country.name} (${country.code})`,
}));

/** The first message about a list field or one of its items ('placementIds', 'placementIds.2'). */
const listError = (form: CampaignForm, path: string) =>
  form.errors[path] ??
  Object.entries(form.errors).find(([key]) => key.startsWith(`${path}.`))?.[1] ??
  undefined;

/**
 * `ownerId`: the campaign's customer (a stored one's, else the signed-in account's): the pickers
 * offer that account's records only (a main administrator's lists hold every customer's).
 */
export function CampaignFields({ form, ownerId }: { form: CampaignForm; ownerId: string | undefined }) {
  return (
    <Stack gap="xl">
      <General form={form} ownerId={ownerId} />
      <Flight form={form} />
      <Delivery form={form} />
      <Inventory form={form} ownerId={ownerId} />
      <Targeting form={form} ownerId={ownerId} />
    </Stack>
  );
}

/** The owner's records of a kind for a picker, and a notice when they could not be loaded. */
function useOptions<K extends ResourceKind>(
  spec: ResourceSpecOf<K>,
  what: string,
  ownerId: string | undefined,
) {
  const loaded = useResourceOptions(spec);
  const options = ownerId
    ? loaded.options.filter((option) => option.record.customerId === ownerId)
    : loaded.options;
  const failed = loaded.failed;
  const notice = failed ? (
    <Alert color="yellow" role="status">
      {T.optionsUnavailable(what)}
    </Alert>
  ) : null;
  return { options, notice };
}

/** A multi-select of the account's records, its messages (and its items') under it. */
function RecordsSelect<K extends ResourceKind>({
  form,
  field,
  label,
  description,
  options,
  required = false,
  empty,
}: {
  form: CampaignForm;
  field: 'placementIds' | 'creativeIds' | 'targetLiveStreamIds' | 'targetVodIds';
  label: string;
  description: string;
  options: readonly ResourceOption<K>[];
  required?: boolean;
  /** Shown in the open list when there is nothing to choose. */
  empty?: string;
}) {
  return (
    <MultiSelect
      label={label}
      description={description}
      nothingFoundMessage={empty}
      data={options.map(({ value, label: name }) => ({ value, label: name }))}
      searchable
      clearable
      hidePickedOptions
      required={required}
      key={form.key(field)}
      {...form.getInputProps(field)}
      error={listError(form, field)}
    />
  );
}

function General({ form, ownerId }: { form: CampaignForm; ownerId: string | undefined }) {
  const advertisers = useOptions(RESOURCES.advertiser, T.optionNames.advertisers, ownerId);
  return (
    <Fieldset legend={T.sections.general} variant="unstyled">
      <Stack gap="sm">
        <TextInput
          label={L.name}
          required
          key={form.key('name')}
          {...form.getInputProps('name')}
          data-autofocus
        />
        {advertisers.notice}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={L.advertiserId}
            data={advertisers.options.map(({ value, label }) => ({ value, label }))}
            searchable
            required
            key={form.key('advertiserId')}
            {...form.getInputProps('advertiserId')}
          />
          <Select
            label={T.status}
            data={STATUS_OPTIONS}
            allowDeselect={false}
            required
            key={form.key('status')}
            {...form.getInputProps('status')}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

function Flight({ form }: { form: CampaignForm }) {
  const recheckDates = () => recheckFields(form, campaignSchema, DATE_FIELDS);
  const date = (field: DateField, label: string, required = false) => (
    <DateTimeField form={form} field={field} label={label} required={required} onChecked={recheckDates} />
  );
  const time = (field: (typeof TIME_FIELDS)[number]) => {
    const props = form.getInputProps(field);
    return (
      <TextInput
        label={L[field]}
        dir="ltr"
        placeholder={T.timePlaceholder}
        key={form.key(field)}
        {...props}
        onBlur={(event) => {
          props.onBlur?.(event);
          recheckFields(form, campaignSchema, TIME_FIELDS);
        }}
      />
    );
  };
  const days = ((form.useWatchValue('targetDays') ?? []) as number[]).map(String);
  return (
    <Fieldset legend={T.sections.flight} variant="unstyled">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {date('startDate', L.startDate, true)}
          {date('endDate', L.endDate, true)}
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {T.scheduleHint}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {date('scheduleStartDate', L.scheduleStartDate)}
            {date('maxDate', L.maxDate)}
          </SimpleGrid>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {T.excludeHint}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {date('excludeStartDate', L.excludeStartDate)}
            {date('excludeMaxDate', L.excludeMaxDate)}
          </SimpleGrid>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {T.dailyTimesHint}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {time('ruleStartTime')}
            {time('ruleEndTime')}
          </SimpleGrid>
        </Stack>
        <Checkbox.Group
          label={L.targetDays}
          required
          value={days}
          onChange={(next) =>
            form.setFieldValue(
              'targetDays',
              next.map(Number).sort((a, b) => a - b),
            )
          }
          error={listError(form, 'targetDays')}
        >
          <Group gap="md" mt={6}>
            {WEEKDAYS.map((day) => (
              <Checkbox key={day} value={String(day)} label={WEEKDAY_LABELS[day]} />
            ))}
          </Group>
        </Checkbox.Group>
      </Stack>
    </Fieldset>
  );
}

function Delivery({ form }: { form: CampaignForm }) {
  const priority = form.useWatchValue('priority') ?? 'standard';
  const pacing = form.useWatchValue('pacing') ?? 'even';
  const priorityLabel = useId();
  const pacingLabel = useId();
  const budget = form.getInputProps('dailyBudget');
  const whole = (field: 'weight' | 'bookedImpressions' | 'frequencyCap', description: string) => (
    <NumberInput
      label={L[field]}
      description={description}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator=","
      required
      key={form.key(field)}
      {...form.getInputProps(field)}
    />
  );
  return (
    <Fieldset legend={T.sections.delivery} variant="unstyled">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={4}>
            <Text id={priorityLabel} size="sm" fw={500}>
              {L.priority}
            </Text>
            <SegmentedControl
              aria-labelledby={priorityLabel}
              data={CAMPAIGN_PRIORITIES.map((value) => ({ value, label: T.priorities[value] }))}
              value={priority}
              onChange={(next) =>
                form.setFieldValue('priority', next as (typeof CAMPAIGN_PRIORITIES)[number])
              }
            />
          </Stack>
          {priority === 'standard' && (
            <NumberInput
              label={L.priorityLevel}
              description={T.priorityLevelDescription}
              min={PRIORITY_LEVEL_MIN}
              max={PRIORITY_LEVEL_MAX}
              allowDecimal={false}
              allowNegative={false}
              required
              key={form.key('priorityLevel')}
              {...form.getInputProps('priorityLevel')}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {whole('weight', T.weightDescription)}
          {whole('bookedImpressions', T.bookedDescription)}
          <NumberInput
            label={L.dailyBudget}
            description={T.dailyBudgetDescription}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            key={form.key('dailyBudget')}
            {...budget}
            // Empty is no budget (null), not a number the rule refuses.
            onChange={(value) => budget.onChange(value === '' ? null : value)}
            defaultValue={budget.defaultValue ?? ''}
          />
          <NumberInput
            label={L.cpm}
            description={T.cpmDescription}
            decimalScale={2}
            fixedDecimalScale
            allowNegative={false}
            thousandSeparator=","
            required
            key={form.key('cpm')}
            {...form.getInputProps('cpm')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {whole('frequencyCap', T.frequencyCapDescription)}
          <Select
            label={L.frequencyPeriod}
            data={FREQUENCY_PERIODS.map((value) => ({ value, label: T.periods[value] }))}
            allowDeselect={false}
            required
            key={form.key('frequencyPeriod')}
            {...form.getInputProps('frequencyPeriod')}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Text id={pacingLabel} size="sm" fw={500}>
            {L.pacing}
          </Text>
          <SegmentedControl
            aria-labelledby={pacingLabel}
            data={PACING_MODES.map((value) => ({ value, label: PACING_LABELS[value] }))}
            value={pacing}
            onChange={(next) => form.setFieldValue('pacing', next as (typeof PACING_MODES)[number])}
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
      </Stack>
    </Fieldset>
  );
}

function Inventory({ form, ownerId }: { form: CampaignForm; ownerId: string | undefined }) {
  const placements = useOptions(RESOURCES.placement, T.optionNames.placements, ownerId);
  const creatives = useOptions(RESOURCES.creative, T.optionNames.creatives, ownerId);
  return (
    <Fieldset legend={T.sections.inventory} variant="unstyled">
      <Stack gap="sm">
        {placements.notice}
        {creatives.notice}
        <RecordsSelect
          form={form}
          field="placementIds"
          label={L.placementIds}
          description={T.placementsDescription}
          options={placements.options}
          required
          empty={T.noPlacements}
        />
        <RecordsSelect
          form={form}
          field="creativeIds"
          label={L.creativeIds}
          description={T.creativesDescription}
          options={creatives.options}
        />
      </Stack>
    </Fieldset>
  );
}

function Targeting({ form, ownerId }: { form: CampaignForm; ownerId: string | undefined }) {
  const streams = useOptions(RESOURCES.liveStream, T.optionNames.liveStreams, ownerId);
  const vods = useOptions(RESOURCES.vod, T.optionNames.vods, ownerId);
  const devices = (form.useWatchValue('targetDevices') ?? []) as string[];
  return (
    <Fieldset legend={T.sections.targeting} variant="unstyled">
      <Stack gap="sm">
        {streams.notice}
        {vods.notice}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <RecordsSelect
            form={form}
            field="targetLiveStreamIds"
            label={L.targetLiveStreamIds}
            description={T.targetAll}
            options={streams.options}
          />
          <RecordsSelect
            form={form}
            field="targetVodIds"
            label={L.targetVodIds}
            description={T.targetAll}
            options={vods.options}
          />
        </SimpleGrid>
        <MultiSelect
          label={L.targetCountries}
          description={T.targetAll}
          data={COUNTRY_DATA}
          searchable
          clearable
          hidePickedOptions
          key={form.key('targetCountries')}
          {...form.getInputProps('targetCountries')}
          error={listError(form, 'targetCountries')}
        />
        <Checkbox.Group
          label={L.targetDevices}
          description={T.targetAll}
          value={devices}
          onChange={(next) =>
            form.setFieldValue(
              'targetDevices',
              DEVICE_TYPES.filter((device) => next.includes(device)),
            )
          }
          error={listError(form, 'targetDevices')}
        >
          <Group gap="md" mt={6}>
            {DEVICE_TYPES.map((device) => (
              <Checkbox key={device} value={device} label={DEVICE_LABELS[device]} />
            ))}
          </Group>
        </Checkbox.Group>
      </Stack>
    </Fieldset>
  );
}
