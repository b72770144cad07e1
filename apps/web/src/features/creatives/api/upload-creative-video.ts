import { API_PATHS, apiPath } from '@cuepoint/core';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client.ts';

export interface CreativeUploadAnswer {
  url: string;
}

/**
 * POST /ssai/creative/upload: a creative's video (multipart field `file`: .mp4, .mov or .ts, at
 * most CREATIVE_VIDEO_MAX_BYTES). Answers the URL to put in the creative's videoUrl.
 */
export const uploadCreativeVideo = (file: File) =>
  apiUpload<CreativeUploadAnswer>(apiPath(API_PATHS.creativeUpload), { files: { file } });

export const useUploadCreativeVideo = () => useMutation({ mutationFn: uploadCreativeVideo });
