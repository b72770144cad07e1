import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { parseOpenApi } from '../openapi.ts';

/** The API's OpenAPI document, below the API's base (GET /api/docs/json: what /api/docs shows). */
export const OPENAPI_DOCUMENT_PATH = 'docs/json';

export const openApiQueryKey = ['api-docs', 'openapi'] as const;

/**
 * GET /api/docs/json, read into the screens' model (openapi.ts) once for the four screens. The
 * document changes only with a new server version: it stays fresh while the page lives.
 */
export const useOpenApiDocument = () =>
  useQuery({
    queryKey: openApiQueryKey,
    queryFn: async () => parseOpenApi(await apiRequest<unknown>(OPENAPI_DOCUMENT_PATH)),
    staleTime: Number.POSITIVE_INFINITY,
  });
