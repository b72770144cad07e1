/**
 * /campaign-manager/index.deleted: the campaigns in the trash, paged, searched and sorted like
 * the list (the view lives in the URL), newest deletion first; each can be restored (asked first:
 * it goes back to the list as it was). A campaign whose name another took meanwhile is refused
 * with the server's message.
 */
import { pageSizeRows, RESOURCE_TEXTS, RESOURCES } from '@cuepoint/core';
import { Alert, Button, Group, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConceptIcon } from '../../../components/icons.tsx';
import { formatDateTime } from '../../../components/resource/format.ts';
import { ListFooter } from '../../../components/resource/list-footer.tsx';
import { ListToolbar } from '../../../components/resource/list-toolbar.tsx';
import { useResourceOptions } from '../../../components/resource/resource-options.ts';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import { useListParams } from '../../../components/resource/use-list-params.ts';
import { useRouteTitle } from '../../../components/resource/use-route-title.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { useRoleAllows } from '../../../lib/role-access.ts';
import { toastServerError } from '../../../lib/server-error.ts';
import { toast } from '../../../lib/toast.ts';
import { campaignApi } from '../api/campaign-api.ts';
import { deletedCampaignsOptions, restoreCampaign, trashKeys } from '../api/trash.ts';
import { FlightDates } from '../components/flight-dates.tsx';
import { priorityText } from '../format.ts';
import { CAMPAIGN_PATHS } from '../paths.ts';
import { CAMPAIGN_SCREEN_TEXTS as T } from '../texts.ts';

const spec = RESOURCES.campaign;

export function Component() {
  const title = useRouteTitle();
  // A viewer reads the trash: Restore is a write the server would refuse it.
  const canWrite = useRoleAllows('write');
  const { params, setParams } = useListParams(spec.list);
  const query = useQuery({ ...deletedCampaignsOptions(params), placeholderData: keepPreviousData });
  const { options: advertisers } = useResourceOptions(RESOURCES.advertiser);
  const [restoring, setRestoring] = useState<{ row: ResourceDto<'campaign'>; opened: boolean } | null>(null);
  const rows = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const size = pageSizeRows(params.pageSize);
  const pages = Math.max(1, Math.ceil(total / size));
  const advertiserName = (id: string) => advertisers.find((a) => a.value === id)?.label ?? KIT_TEXTS.empty;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text size="sm" c="dimmed">
          {T.deletedIntro}
        </Text>
      </Stack>
      <ListToolbar
        search={params.q ?? ''}
        onSearch={(q) => setParams({ q }, { replace: true })}
        filterCount={null}
        onOpenFilters={() => undefined}
        actions={
          <>
            <Button variant="default" component={Link} to={CAMPAIGN_PATHS.manager}>
              {T.backToManager}
            </Button>
            <Button variant="default" component={Link} to={CAMPAIGN_PATHS.list}>
              {T.campaignsList}
            </Button>
          </>
        }
      />
      {query.isError && (
        <Alert color="red" title={T.deletedFailed} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{query.error.message}</Text>
            <Button size="xs" variant="filled" color="red.9" onClick={() => void query.refetch()}>
              {RESOURCE_TEXTS.retry}
            </Button>
          </Stack>
        </Alert>
      )}
      {query.isPending ? (
        <Text size="sm" c="dimmed" role="status">
          {T.loadingDeleted}
        </Text>
      ) : query.data && rows.length === 0 ? (
        <Stack align="center" gap="sm" py="xl" data-testid="deleted-empty">
          <Text component="span" c="dimmed" lh={0}>
            <ConceptIcon concept="campaigns" size={32} />
          </Text>
          <Text fw={600}>{params.q ? RESOURCE_TEXTS.noMatch : T.noDeleted}</Text>
        </Stack>
      ) : rows.length > 0 ? (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={T.deletedTable}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{spec.label}</Table.Th>
                <Table.Th scope="col">{T.advertiser}</Table.Th>
                <Table.Th scope="col">{T.priority}</Table.Th>
                <Table.Th scope="col">{T.flight}</Table.Th>
                <Table.Th scope="col">{T.deletedAt}</Table.Th>
                {canWrite && (
                  <Table.Th scope="col">
                    <VisuallyHidden>{KIT_TEXTS.actions}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row._id} data-testid="deleted-row">
                  <Table.Td fw={600}>{row.name}</Table.Td>
                  <Table.Td>{advertiserName(row.advertiserId)}</Table.Td>
                  <Table.Td>{priorityText(row)}</Table.Td>
                  <Table.Td>
                    <FlightDates campaign={row} />
                  </Table.Td>
                  <Table.Td>
                    <Text span size="sm" dir="ltr">
                      {formatDateTime(row.updatedAt)}
                    </Text>
                  </Table.Td>
                  {canWrite && (
                    <Table.Td ta="end">
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={T.restoreNamed(row.name)}
                        onClick={() => setRestoring({ row, opened: true })}
                      >
                        {T.restore}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {query.data && total > 0 && (
        <ListFooter
          page={params.page}
          pages={pages}
          pageSize={params.pageSize}
          size={size}
          total={total}
          allCapped={params.pageSize === 'All' && total > size}
          onPage={(page) => setParams({ page })}
          onPageSize={(pageSize) => setParams({ pageSize })}
        />
      )}
      {restoring && (
        <RestoreDialog
          key={restoring.row._id}
          row={restoring.row}
          opened={restoring.opened}
          onClose={() => setRestoring({ ...restoring, opened: false })}
        />
      )}
    </Stack>
  );
}

/** Restore, asked first: Cancel is focused (a stray Enter keeps it in the trash). */
function RestoreDialog({
  row,
  opened,
  onClose,
}: {
  row: ResourceDto<'campaign'>;
  opened: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const restore = useMutation({ mutationFn: () => restoreCampaign(row._id) });
  const confirm = async () => {
    try {
      await restore.mutateAsync();
      onClose();
      toast.success(T.restored(row.name));
    } catch (error) {
      onClose();
      if (error instanceof ApiError && error.redirectTo) return;
      toastServerError(error);
    } finally {
      // Restored, or gone from the trash meanwhile: both lists change.
      void queryClient.invalidateQueries({ queryKey: trashKeys.all });
      void queryClient.invalidateQueries({ queryKey: campaignApi.keys.lists() });
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={() => !restore.isPending && onClose()}
      title={T.restoreTitle(row.name)}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{T.restoreQuestion(row.name)}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={restore.isPending} data-autofocus>
            {T.cancel}
          </Button>
          <Button onClick={() => void confirm()} loading={restore.isPending}>
            {T.restore}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
