import type { TestApp } from './helpers.ts';

/**
 * The routes of the OpenAPI document (GET /api/docs/json), for the generated sweeps
 * (__tests__/authorization-sweep.test.ts, __tests__/fuzz.test.ts): /api's routes below the base,
 * keyed 'METHOD /path' with OpenAPI's `{param}` ('GET /ssai/ds/{id}').
 */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiRoute {
  /** 'GET /ssai/ds/{id}' (below /api). */
  key: string;
  method: string;
  /** '/ssai/ds/{id}' (below /api). */
  path: string;
  parameters: OpenApiParameter[];
  /** The JSON body's schema, when the route takes one. */
  jsonBody?: JsonSchema;
  /** Whether the route takes multipart/form-data (an upload). */
  multipart: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every /api route of the served OpenAPI document but the document's own (/api/docs). */
export async function openApiRoutes(app: TestApp): Promise<OpenApiRoute[]> {
  const response = await app.inject('/api/docs/json');
  if (response.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${response.statusCode}`);
  const document = response.json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: OpenApiParameter[];
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        }
      >
    >;
  };
  const routes: OpenApiRoute[] = [];
  for (const [fullPath, operations] of Object.entries(document.paths)) {
    if (!fullPath.startsWith('/api/') || fullPath.startsWith('/api/docs')) continue;
    const path = fullPath.slice('/api'.length);
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      const content = operation.requestBody?.content ?? {};
      routes.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        ...(content['application/json']?.schema ? { jsonBody: content['application/json'].schema } : {}),
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return routes;
}

/** The names of the `{param}`s of an OpenAPI path. */
export const pathParamNames = (path: string): string[] =>
  [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((match) => match[1]!);
