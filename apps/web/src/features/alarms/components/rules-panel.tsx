import { ALARM_RULE_TEXTS, type AlarmMetric, type AlarmRule, formatAlarmThreshold } from '@cuepoint/core';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SeverityBadge } from '../../../components/alarms/severity-badge.tsx';
import { ConceptIcon } from '../../../components/icons.tsx';
import { ConfirmDeleteModal } from '../../../components/resource/delete-action.tsx';
import { toastServerError } from '../../../lib/server-error.ts';
import { toast } from '../../../lib/toast.ts';
import { rulesQuery, useRuleMutations } from '../api/alarms-api.ts';
import { ALARMS_TEXTS as T } from '../texts.ts';
import { LoadState } from './load-state.tsx';
import { RuleDialog } from './rule-dialog.tsx';

const CONDITIONS: Record<AlarmMetric, (threshold: string) => string> = {
  'origin-unreachable': (t) => `Origin unreachable for ${t} or more`,
  'ad-error-rate': (t) => `Ad-server error rate above ${t}`,
  'fill-rate': (t) => `Fill rate below ${t}`,
};

/** A rule in words: its condition, and whose streams. */
export const ruleCondition = (rule: Pick<AlarmRule, 'metric' | 'threshold'>) =>
  CONDITIONS[rule.metric](formatAlarmThreshold(rule.metric, rule.threshold));
const ruleLabel = (rule: AlarmRule) =>
  `${ruleCondition(rule)} (${rule.customerName}${rule.resourceName ? `, ${rule.resourceName}` : ''})`;

/** The alarm rules: list, New rule, Edit in a dialog, Delete behind a confirmation. */
export function RulesPanel() {
  const rules = useQuery(rulesQuery);
  const [editing, setEditing] = useState<AlarmRule | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AlarmRule | null>(null);

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button onClick={() => setEditing(null)} aria-haspopup="dialog">
          {T.newRule}
        </Button>
      </Group>
      {rules.isPending || rules.isError ? (
        <LoadState
          loading={rules.isPending}
          error={rules.error}
          loadingText={T.rulesLoading}
          failedText={T.rulesLoadFailed}
          onRetry={() => rules.refetch()}
        />
      ) : rules.data.length === 0 ? (
        <Stack align="center" gap="sm" py="xl">
          <ConceptIcon concept="alarms" size={32} />
          <Text size="sm">{T.rulesEmpty}</Text>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="xs" highlightOnHover data-testid="rule-table">
            <Table.Caption>{T.rulesCaption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.ruleColumns.condition}</Table.Th>
                <Table.Th>{T.ruleColumns.customer}</Table.Th>
                <Table.Th>{T.ruleColumns.target}</Table.Th>
                <Table.Th>{T.ruleColumns.window}</Table.Th>
                <Table.Th>{T.ruleColumns.severity}</Table.Th>
                <Table.Th>{T.ruleColumns.enabled}</Table.Th>
                <Table.Th>{T.ruleColumns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.data.map((rule) => (
                <Table.Tr key={rule._id} data-rule-id={rule._id}>
                  <Table.Td>
                    <Text size="sm">{ruleCondition(rule)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{rule.customerName}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{rule.resourceName ?? ALARM_RULE_TEXTS.allStreams}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {rule.metric === 'origin-unreachable' ? '–' : T.minutes(rule.windowMinutes)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <SeverityBadge severity={rule.severity} miw="max-content" />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{rule.enabled ? T.yes : T.no}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        aria-label={T.editRule(ruleLabel(rule))}
                        aria-haspopup="dialog"
                        onClick={() => setEditing(rule)}
                      >
                        {T.edit}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))"
                        aria-label={T.deleteRule(ruleLabel(rule))}
                        aria-haspopup="dialog"
                        onClick={() => setDeleting(rule)}
                      >
                        {T.delete}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing !== undefined && <RuleDialog rule={editing} onClose={() => setEditing(undefined)} />}
      <DeleteRuleDialog rule={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function DeleteRuleDialog({ rule, onClose }: { rule: AlarmRule | null; onClose: () => void }) {
  const { remove } = useRuleMutations();
  return (
    <ConfirmDeleteModal
      opened={rule !== null}
      title={T.deleteTitle}
      question={rule ? T.deleteQuestion(ruleLabel(rule)) : ''}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        rule &&
        remove.mutate(rule._id, {
          onSuccess: () => {
            toast.success(T.deleted);
            onClose();
          },
          onError: (error) => toastServerError(error, { fallback: error.message }),
        })
      }
    />
  );
}
