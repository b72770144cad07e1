import {
  REPORT_MAX_RECIPIENTS,
  REPORT_SCHEDULES,
  type ReportSchedule,
  type SavedReport,
  type StoredReportQuery,
  savedReportInputSchema,
} from '@cuepoint/core';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ConceptIcon } from '../../../components/icons.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ConfirmDeleteModal } from '../../../components/resource/delete-action.tsx';
import { useGuardedClose } from '../../../components/resource/unsaved-changes-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toastServerError } from '../../../lib/server-error.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteReport, useSavedReports, useSaveReport } from '../api/reports.ts';
import classes from '../reports.module.css';
import { REPORTS_TEXTS } from '../texts.ts';

const T = REPORTS_TEXTS.saved;
const D = REPORTS_TEXTS.dialog;

type Errors = Partial<Record<'name' | 'schedule' | 'recipients' | 'query', string>>;

/** The dialog that saves the query shown (new) or edits a saved report (its query kept unless `query` replaces it). */
export function SaveReportDialog(props: {
  opened: boolean;
  onClose: () => void;
  query: StoredReportQuery;
  report?: SavedReport | undefined;
}) {
  const { opened, onClose, query, report } = props;
  const [name, setName] = useState(report?.name ?? '');
  const [schedule, setSchedule] = useState<ReportSchedule | null>(report?.schedule ?? null);
  const [recipients, setRecipients] = useState<string[]>(report?.recipients ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveReport();
  const initial = JSON.stringify([report?.name ?? '', report?.schedule ?? null, report?.recipients ?? []]);
  const isDirty = () => !save.isSuccess && JSON.stringify([name, schedule, recipients]) !== initial;
  const { requestClose, confirm } = useGuardedClose(isDirty, onClose);

  const submit = () => {
    const input = { name, query: report?.query ?? query, schedule, recipients };
    const parsed = savedReportInputSchema.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(
      { ...(report ? { id: report._id } : {}), input },
      {
        onSuccess: (saved) => {
          toast.success(T.saved(saved.name));
          onClose();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fieldErrors : {};
          const next: Errors = {};
          for (const [field, message] of Object.entries(fields))
            next[field.split('.')[0] as keyof Errors] ??= message;
          if (Object.keys(next).length > 0) setErrors(next);
          else toastServerError(error);
        },
      },
    );
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        title={report ? D.editTitle(report.name) : D.newTitle}
        centered
      >
        <Stack gap="sm">
          {!report && (
            <Text size="sm" c="dimmed">
              {D.keepsQuery}
            </Text>
          )}
          <TextInput
            label={D.name}
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
          <Select
            label={D.schedule}
            value={schedule ?? 'never'}
            onChange={(value) =>
              setSchedule(value === 'never' || value === null ? null : (value as ReportSchedule))
            }
            data={[
              { value: 'never', label: D.never },
              ...REPORT_SCHEDULES.map((value) => ({ value, label: T.schedules[value] })),
            ]}
            allowDeselect={false}
            error={errors.schedule}
          />
          <TagsInput
            label={D.recipients}
            description={D.recipientsHint}
            value={recipients}
            onChange={setRecipients}
            maxTags={REPORT_MAX_RECIPIENTS + 1}
            error={errors.recipients}
            dir="ltr"
          />
          {errors.query && (
            <Text size="sm" c="red.9" role="alert">
              {errors.query}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={requestClose}>
              {D.cancel}
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              {D.submit}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {confirm}
    </>
  );
}

/** The administrator's saved reports: open one (its query into the URL), edit, delete (asked first). */
export function SavedReports({ onOpen }: { onOpen: (query: SavedReport['query']) => void }) {
  const saved = useSavedReports();
  const remove = useDeleteReport();
  const [editing, setEditing] = useState<SavedReport | null>(null);
  const [deleting, setDeleting] = useState<SavedReport | null>(null);
  return (
    <Stack gap="xs" component="section" aria-labelledby="saved-reports-title">
      <Title order={2} size="h4" id="saved-reports-title">
        {T.title}
      </Title>
      <QueryState
        query={saved}
        loading={T.loading}
        failed={REPORTS_TEXTS.loadFailed}
        empty={{ when: (data) => data.data.length === 0, text: T.empty, concept: 'reports' }}
      >
        {(data) => (
          <Table.ScrollContainer minWidth={560} type="native">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{T.columns.name}</Table.Th>
                  <Table.Th scope="col">{T.columns.schedule}</Table.Th>
                  <Table.Th scope="col">{T.columns.recipients}</Table.Th>
                  <Table.Th scope="col">{T.columns.nextRun}</Table.Th>
                  <Table.Th scope="col" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((report) => (
                  <Table.Tr key={report._id}>
                    <Table.Th scope="row" fw={500}>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() => onOpen(report.query)}
                        aria-label={T.open(report.name)}
                      >
                        {report.name}
                      </Button>
                    </Table.Th>
                    <Table.Td>{report.schedule ? T.schedules[report.schedule] : T.notScheduled}</Table.Td>
                    <Table.Td>
                      <bdi dir="ltr">{report.recipients.join(', ')}</bdi>
                    </Table.Td>
                    <Table.Td>
                      <bdi dir="ltr">
                        {report.nextRunAt ? report.nextRunAt.slice(0, 16).replace('T', ' ') : ''}
                      </bdi>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="default"
                          onClick={() => setEditing(report)}
                          aria-label={T.edit(report.name)}
                        >
                          {T.editLabel}
                        </Button>
                        <ActionIcon
                          variant="subtle"
                          className={classes.danger}
                          onClick={() => setDeleting(report)}
                          aria-label={T.remove(report.name)}
                        >
                          <ConceptIcon concept="delete" size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      {editing && (
        <SaveReportDialog opened onClose={() => setEditing(null)} query={editing.query} report={editing} />
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={T.deleteTitle(deleting?.name ?? '')}
        question={T.deleteQuestion(deleting?.name ?? '')}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const report = deleting;
          if (!report) return;
          remove.mutate(report._id, {
            onSuccess: () => {
              toast.success(T.deleted(report.name));
              setDeleting(null);
            },
            onError: (error) => toastServerError(error),
          });
        }}
      />
    </Stack>
  );
}
