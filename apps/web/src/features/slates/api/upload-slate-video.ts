import { API_PATHS, apiPath } from '@cuepoint/core';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client.ts';

export interface SlateUploadAnswer {
  url: string;
}

/**
 * POST /ssai/slate/upload: a slate's video (multipart field `file`, .mp4 or .ts, at most
 * SLATE_VIDEO_MAX_BYTES). Answers the URL to put in the slate's videoUrl.
 */
export const uploadSlateVideo = (file: File) =>
  apiUpload<SlateUploadAnswer>(apiPath(API_PATHS.slateUpload), { files: { file } });

export const useUploadSlateVideo = () => useMutation({ mutationFn: uploadSlateVideo });
