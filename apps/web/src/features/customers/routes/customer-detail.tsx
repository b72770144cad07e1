/**
 * One customer account (/customer/{id}), for the main administrator: its header (status, plan,
 * owner, sub-domain, id) with Login as…, the sign-up review and activation actions (each asks
 * first), usage at a glance, the payment customer id and notes, its users and its plan changes.
 */
import { type CustomerRecord, type PlanChange, UUID_PATTERN } from '@cuepoint/core';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ConceptIcon } from '../../../components/icons.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { DetailHeader, type DetailMenuAction } from '../../../components/resource/detail-header.tsx';
import { formatDateTime } from '../../../components/resource/format.ts';
import { useRouteTitle } from '../../../components/resource/use-route-title.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCustomerCommand, useCustomerRecord, usePlanChanges } from '../api/customers-api.ts';
import { useCustomerDialogs } from '../components/customer-dialogs.tsx';
import { CustomerNotes } from '../components/customer-notes.tsx';
import { CustomerStatusBadge } from '../components/customer-status.tsx';
import { CUSTOMER_PATHS } from '../paths.ts';
import { CUSTOMER_TEXTS as T } from '../texts.ts';

export function Component() {
  const { detail } = useParams();
  const query = useCustomerRecord(detail);
  const title = useRouteTitle();
  const notFound =
    !UUID_PATTERN.test(detail ?? '') ||
    (query.isError && query.error instanceof ApiError && query.error.status === 404);
  if (notFound) {
    return (
      <Stack align="flex-start">
        <Title order={1}>{title}</Title>
        <Text>{T.notFound}</Text>
        <Anchor component={Link} to={CUSTOMER_PATHS.list}>
          {T.backToList}
        </Anchor>
      </Stack>
    );
  }
  return (
    <QueryState query={query} loading={T.loadingRecord} failed={T.recordFailed}>
      {(record) => <CustomerPage record={record} onReload={() => void query.refetch()} />}
    </QueryState>
  );
}

function CustomerPage({ record, onReload }: { record: CustomerRecord; onReload: () => void }) {
  const dialogs = useCustomerDialogs();
  const approve = useCustomerCommand();
  const more: DetailMenuAction[] = [
    record.status === 'deactivated'
      ? { id: 'activate', label: T.activate, onClick: () => dialogs.open('activate', record) }
      : {
          id: 'deactivate',
          label: T.deactivate,
          onClick: () => dialogs.open('deactivate', record),
          destructive: true,
        },
  ];
  const actions = (
    <>
      {record.status !== 'deactivated' && record.userList.some((user) => !user.isMainAdmin) && (
        <Button variant="default" onClick={() => dialogs.open('loginAs', record)} aria-haspopup="dialog">
          {T.loginAs}
        </Button>
      )}
    </>
  );
  return (
    <Stack gap="md">
      <DetailHeader
        name={record.name}
        type={T.type}
        typeIcon={<ConceptIcon concept="customers" size={16} />}
        facts={[
          { id: 'status', label: T.facts.status, value: <CustomerStatusBadge status={record.status} /> },
          { id: 'plan', label: T.facts.plan, value: T.plans[record.paymentPlan] },
          {
            id: 'owner',
            label: T.facts.owner,
            value: record.owner?.email ?? T.none,
            ltr: true,
            ...(record.owner ? { copy: record.owner.email } : {}),
          },
          {
            id: 'subDomainName',
            label: T.facts.subDomainName,
            value: record.subDomainName,
            ltr: true,
            copy: record.subDomainName,
          },
          { id: 'createdAt', label: T.facts.createdAt, value: formatDateTime(record.createdAt), ltr: true },
          { id: 'id', label: T.facts.id, value: record._id, ltr: true, copy: record._id },
        ]}
        actions={actions}
        more={more}
      />

      {record.status === 'pending' && (
        <Alert color="yellow" title={T.review}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{T.reviewPending}</Text>
            <Group gap="sm">
              <Button
                size="xs"
                loading={approve.isPending}
                onClick={() =>
                  approve.mutate(
                    { kind: 'approve', id: record._id },
                    {
                      onSuccess: () => toast.success(T.approved(record.name)),
                      onError: (error) => toast.error(error.message),
                    },
                  )
                }
              >
                {T.approve}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => dialogs.open('reject', record)}
                aria-haspopup="dialog"
              >
                {T.reject}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      <Paper withBorder p="md" component="section" aria-labelledby="customer-usage">
        <Title order={2} size="h4" id="customer-usage" mb="sm">
          {T.usage}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" m={0}>
          {(Object.keys(T.usageItems) as (keyof typeof T.usageItems)[]).map((key) => (
            <div key={key} data-usage={key}>
              <Text component="dt" size="sm" c="dimmed">
                {T.usageItems[key]}
              </Text>
              <Text component="dd" m={0} fw={700} fz="xl">
                {record.usage[key].toLocaleString('en-US')}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CustomerNotes record={record} onReload={onReload} />
        <Stack gap="md">
          <UserList record={record} />
          <PlanHistory customerId={record._id} />
        </Stack>
      </SimpleGrid>
      {dialogs.element}
    </Stack>
  );
}

function UserList({ record }: { record: CustomerRecord }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="customer-users">
      <Title order={2} size="h4" id="customer-users" mb="sm">
        {T.users}
      </Title>
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {record.userList.map((user) => (
          <li key={user._id}>
            <Text size="sm" fw={600}>
              <bdi dir="ltr">{user.email}</bdi>
            </Text>
            <Text size="xs" c="dimmed">
              {[user.firstName, user.lastName].filter(Boolean).join(' ')} ·{' '}
              {!user.isActive
                ? T.userStates.unconfirmed
                : !user.isGmanaActive
                  ? T.userStates.unapproved
                  : T.userStates.active}
              {user.isMainAdmin ? ` · ${T.mainAdmin}` : ''}
            </Text>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}

function PlanHistory({ customerId }: { customerId: string }) {
  const query = usePlanChanges(customerId);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="customer-plans">
      <Title order={2} size="h4" id="customer-plans" mb="sm">
        {T.planHistory}
      </Title>
      <QueryState
        query={query}
        loading={T.loadingRecord}
        failed={T.planHistoryFailed}
        empty={{ when: (rows: PlanChange[]) => rows.length === 0, text: T.planHistoryEmpty }}
      >
        {(rows) => (
          <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {rows.map((change) => (
              <li key={change._id}>
                <Text size="sm" fw={600}>
                  {T.planChange(T.plans[change.fromPlan], T.plans[change.toPlan])}
                </Text>
                <Text size="xs" c="dimmed">
                  <bdi dir="ltr">{formatDateTime(change.at)}</bdi>{' '}
                  {change.changedBy.email && <bdi dir="ltr">{T.changedBy(change.changedBy.email)}</bdi>}
                  {change.actingAs._id !== change.changedBy._id && change.actingAs.email && (
                    <>
                      {' '}
                      <bdi dir="ltr">{T.actingAs(change.actingAs.email)}</bdi>
                    </>
                  )}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
}
