import { PAYMENT_PLAN_OPTIONS, type PaymentPlan, type PlanFeature } from '@cuepoint/core';
import { Badge, Group, List, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCross } from '../../../components/icons.tsx';

export const PLAN_COLUMNS: readonly { plan: PaymentPlan; label: string }[] = [
  { plan: 'standard', label: 'Standard' },
  { plan: 'enterprise', label: 'Enterprise' },
];

/** The plan's short name ('Enterprise', not the option's long text). */
export const planLabel = (plan: string) =>
  PLAN_COLUMNS.find((c) => c.plan === plan)?.label ??
  PAYMENT_PLAN_OPTIONS.find((o) => o.value === plan)?.text ??
  plan;

/** The items of a comma list ('Ad pods, Prefetch' -> ['Ad pods', 'Prefetch']). */
export const commaItems = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** One cell of the plan feature list (spec section 3): booleans as check/cross, comma lists as lists. */
export function PlanFeatureValue({ value }: { value: boolean | string }) {
  if (typeof value === 'boolean') {
    return value ? (
      <Text component="span" c="teal.7" display="inline-flex">
        <IconCheck />
        <VisuallyHidden>Included</VisuallyHidden>
      </Text>
    ) : (
      <Text component="span" c="red.7" display="inline-flex">
        <IconCross />
        <VisuallyHidden>Not included</VisuallyHidden>
      </Text>
    );
  }
  const items = commaItems(value);
  if (items.length <= 1) return <Text size="sm">{value}</Text>;
  return (
    <List size="sm" spacing={2}>
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

/** The features of each plan, the current plan marked. */
export function PlanFeaturesTable({
  features,
  current,
}: {
  features: readonly PlanFeature[];
  current: string;
}) {
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="xs" striped withTableBorder aria-label="Plan features">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Feature</Table.Th>
            {PLAN_COLUMNS.map(({ plan, label }) => (
              <Table.Th scope="col" key={plan}>
                <Group gap={6} wrap="wrap">
                  {label}
                  {plan === current && (
                    <Badge size="xs" variant="light" style={{ overflow: 'visible' }}>
                      Current
                    </Badge>
                  )}
                </Group>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {features.map((feature) => (
            <Table.Tr key={feature.id} data-feature={feature.key}>
              <Table.Th scope="row" fw={500}>
                <Text size="sm" fw={500}>
                  {feature.feature}
                </Text>
                {feature.subPlan && (
                  <Text size="xs" c="dimmed">
                    {feature.subPlan}
                  </Text>
                )}
              </Table.Th>
              {PLAN_COLUMNS.map(({ plan }) => (
                <Table.Td key={plan}>
                  <PlanFeatureValue value={feature.plans[plan]} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
