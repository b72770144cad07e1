/**
 * /slates/{detail}: 'new' creates a slate and then opens it; an id shows the slate's page (the
 * shared header, then its form: name, source, duration, status) with Delete. A slate a stream
 * uses cannot be deleted (the answer names the stream). Save waits for an upload to finish.
 */
import { slateSchema } from '@cuepoint/core';
import { useParams } from 'react-router';
import { ResourceEditPage } from '../../../components/resource/resource-edit-page.tsx';
import { slateApi } from '../api/slate-api.ts';
import { useUploadSlateVideo } from '../api/upload-slate-video.ts';
import { SlateFields } from '../components/slate-form.tsx';
import { SLATE_PATHS } from '../paths.ts';
import { SLATE_SCREEN_TEXTS as T } from '../texts.ts';

export function Component() {
  const { detail = '' } = useParams();
  const upload = useUploadSlateVideo();
  return (
    <ResourceEditPage
      api={slateApi}
      schema={slateSchema}
      id={detail}
      paths={SLATE_PATHS}
      createTitle={T.newSlate}
      saveDisabled={upload.isPending}
    >
      {(form) => <SlateFields form={form} upload={upload} />}
    </ResourceEditPage>
  );
}
