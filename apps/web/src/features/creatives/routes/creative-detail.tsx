/**
 * /creatives/{detail}: 'new' creates a creative and then opens it; an id shows the creative's
 * page: the shared header (name, status, video, duration, last change, Delete in More), its
 * conditioning and preview, then its form. Save waits for an upload to finish; a saved video that
 * is not HLS is queued for conditioning by the server, and the page follows it.
 */
import { creativeSchema, CREATIVE_LABELS as L, UUID_PATTERN } from '@cuepoint/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ResourceEditPage } from '../../../components/resource/resource-edit-page.tsx';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { type SessionLoaderData, useSession } from '../../../lib/session.ts';
import { creativeApi } from '../api/creative-api.ts';
import { useUploadCreativeVideo } from '../api/upload-creative-video.ts';
import { CreativeFields } from '../components/creative-fields.tsx';
import { CreativePanel } from '../components/creative-panel.tsx';
import { CREATIVE_PATHS } from '../paths.ts';
import { CREATIVE_SCREEN_TEXTS as T } from '../texts.ts';

const creativeFacts = (creative: ResourceDto<'creative'>) => [
  {
    id: 'video',
    label: L.videoUrl,
    value: creative.videoUrl,
    copy: creative.videoUrl,
    ltr: true,
    wide: true,
  },
  { id: 'duration', label: L.duration, value: T.seconds(creative.duration), ltr: true },
];

export function Component() {
  const { detail = '' } = useParams();
  const upload = useUploadCreativeVideo();
  const session = useSession() as SessionLoaderData | undefined;
  // The creative's account (a stored one's; a new one is the signed-in account's).
  const stored = useQuery({ ...creativeApi.detailOptions(detail), enabled: UUID_PATTERN.test(detail) });
  const ownerId = stored.data?.customerId ?? (detail === 'new' ? session?.user.customerId._id : undefined);
  return (
    <ResourceEditPage
      api={creativeApi}
      schema={creativeSchema}
      id={detail}
      paths={CREATIVE_PATHS}
      createTitle={T.newCreative}
      saveDisabled={upload.isPending}
      facts={creativeFacts}
      panel={(creative) => <CreativePanel creative={creative} />}
    >
      {(form) => <CreativeFields form={form} upload={upload} ownerId={ownerId} />}
    </ResourceEditPage>
  );
}
