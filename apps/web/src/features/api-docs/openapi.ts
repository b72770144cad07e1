/**
 * The API's OpenAPI document (GET /api/docs/json, the document Swagger UI at /api/docs shows) as
 * the documentation screens read it: its operations with their parameters, request body and
 * responses, local `$ref`s resolved, grouped by tag, and each one's curl example. Plain functions
 * over plain data: the four screens share them, and the tests drive them with a small document.
 */
import { API_PREFIX } from '@cuepoint/core';
import { API_DOCS_TEXTS } from './texts.ts';

/** The extension the server sets on an operation only a main administrator may call. */
export const MAIN_ADMIN_ONLY = 'x-main-admin-only';

/** Swagger UI as the server serves it (outside the console's router): the same document. */
export const SERVER_SWAGGER_UI = `${API_PREFIX}/docs/`;

/** The API token's stand-in in the examples: the console never writes a real token into a page. */
export const TOKEN_PLACEHOLDER = '<token>';

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The part of JSON Schema (OpenAPI 3.0's dialect) the screens show. */
export interface JsonSchema {
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

export interface ApiParameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface ApiMedia {
  contentType: string;
  schema?: JsonSchema;
}

export interface ApiRequestBody {
  required: boolean;
  description?: string;
  content: ApiMedia[];
}

export interface ApiResponse {
  status: string;
  description: string;
  content: ApiMedia[];
}

export interface ApiOperation {
  /** 'GET /api/ssai/ds': unique in a document. */
  key: string;
  method: HttpMethod;
  path: string;
  tags: string[];
  summary: string;
  description?: string;
  operationId?: string;
  parameters: ApiParameter[];
  requestBody?: ApiRequestBody;
  responses: ApiResponse[];
  /** It asks for a bearer token (its own `security`, or the document's). */
  secured: boolean;
  /** Only a main administrator may call it (MAIN_ADMIN_ONLY). */
  adminOnly: boolean;
  deprecated: boolean;
}

export interface ApiDocument {
  title: string;
  version: string;
  description?: string;
  operations: ApiOperation[];
  /** The document's own tag order and descriptions (its `tags`), where it gives them. */
  tags: { name: string; description?: string }[];
}

export interface ApiTagGroup {
  name: string;
  description?: string;
  operations: ApiOperation[];
}

/** The document is not an OpenAPI 3 document (a proxy's page, another service's JSON). */
export class InvalidOpenApiError extends Error {
  constructor() {
    super(API_DOCS_TEXTS.invalid);
    this.name = 'InvalidOpenApiError';
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** How deep `$ref`s are followed (a self-referencing schema stops there, as its reference). */
const MAX_REF_DEPTH = 8;

/** The value a local reference ('#/components/schemas/User') points to, if any. */
function pointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node)) return undefined;
    node = node[part];
  }
  return node;
}

/** A reference's own object, or the object itself. */
function deref(doc: Json, value: unknown): Json | undefined {
  let node = value;
  for (let i = 0; i < MAX_REF_DEPTH && isObject(node) && typeof node.$ref === 'string'; i++) {
    node = pointer(doc, node.$ref);
  }
  return isObject(node) && typeof node.$ref !== 'string' ? node : undefined;
}

/** A schema with its local references resolved (a cycle stays a `$ref` with its name as title). */
function resolveSchema(doc: Json, value: unknown, seen: readonly string[] = []): JsonSchema | undefined {
  if (!isObject(value)) return undefined;
  if (typeof value.$ref === 'string') {
    const ref = value.$ref;
    const name = ref.split('/').at(-1) ?? ref;
    const target = pointer(doc, ref);
    if (seen.includes(ref) || seen.length >= MAX_REF_DEPTH || !isObject(target))
      return { $ref: ref, title: name };
    const resolved = resolveSchema(doc, target, [...seen, ref]);
    return resolved && { title: name, ...resolved };
  }
  const schema: JsonSchema = { ...(value as JsonSchema) };
  const sub = (child: unknown) => resolveSchema(doc, child, seen);
  const list = (children: unknown) =>
    Array.isArray(children) ? children.map(sub).filter((s): s is JsonSchema => s !== undefined) : undefined;
  if (isObject(value.properties)) {
    schema.properties = Object.fromEntries(
      Object.entries(value.properties).flatMap(([name, child]) => {
        const resolved = sub(child);
        return resolved ? [[name, resolved]] : [];
      }),
    );
  }
  if (value.items !== undefined) schema.items = sub(value.items);
  if (isObject(value.additionalProperties)) schema.additionalProperties = sub(value.additionalProperties);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    if (value[key] !== undefined) schema[key] = list(value[key]);
  return schema;
}

function readMedia(doc: Json, content: unknown): ApiMedia[] {
  if (!isObject(content)) return [];
  return Object.entries(content).map(([contentType, media]) => {
    const schema = isObject(media) ? resolveSchema(doc, media.schema) : undefined;
    return schema ? { contentType, schema } : { contentType };
  });
}

function readParameters(doc: Json, ...lists: unknown[]): ApiParameter[] {
  const byKey = new Map<string, ApiParameter>();
  // Path-level parameters first; an operation's own replace them (same name and location).
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const parameter = deref(doc, raw);
      const name = text(parameter?.name);
      const location = text(parameter?.in);
      if (!parameter || !name || !location) continue;
      byKey.set(`${location}:${name}`, {
        name,
        in: location,
        required: location === 'path' || parameter.required === true,
        ...(text(parameter.description) ? { description: text(parameter.description) } : {}),
        ...(parameter.schema ? { schema: resolveSchema(doc, parameter.schema) } : {}),
      });
    }
  }
  return [...byKey.values()];
}

function readRequestBody(doc: Json, value: unknown): ApiRequestBody | undefined {
  const body = deref(doc, value);
  if (!body) return undefined;
  const description = text(body.description);
  return {
    required: body.required === true,
    ...(description ? { description } : {}),
    content: readMedia(doc, body.content),
  };
}

function readResponses(doc: Json, value: unknown): ApiResponse[] {
  if (!isObject(value)) return [];
  return Object.entries(value).map(([status, raw]) => {
    const response = deref(doc, raw);
    return {
      status,
      description: text(response?.description) ?? '',
      content: readMedia(doc, response?.content),
    };
  });
}

const hasSecurity = (security: unknown) =>
  Array.isArray(security) && security.some((requirement) => isObject(requirement));

/**
 * The screens' model of an OpenAPI 3 document. Throws InvalidOpenApiError for anything else.
 * Operations keep the document's order (paths, then methods as OpenAPI lists them).
 */
export function parseOpenApi(raw: unknown): ApiDocument {
  if (!isObject(raw) || typeof raw.openapi !== 'string' || !isObject(raw.paths))
    throw new InvalidOpenApiError();
  const info = isObject(raw.info) ? raw.info : {};
  const documentSecured = hasSecurity(raw.security);
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(raw.paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const tags = Array.isArray(operation.tags)
        ? operation.tags.filter((tag): tag is string => typeof tag === 'string' && tag !== '')
        : [];
      const description = text(operation.description);
      const operationId = text(operation.operationId);
      const requestBody = readRequestBody(raw, operation.requestBody);
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method,
        path,
        tags,
        summary: text(operation.summary) ?? '',
        ...(description ? { description } : {}),
        ...(operationId ? { operationId } : {}),
        parameters: readParameters(raw, item.parameters, operation.parameters),
        ...(requestBody ? { requestBody } : {}),
        responses: readResponses(raw, operation.responses),
        secured: Array.isArray(operation.security) ? hasSecurity(operation.security) : documentSecured,
        adminOnly: operation[MAIN_ADMIN_ONLY] === true,
        deprecated: operation.deprecated === true,
      });
    }
  }
  const tags = Array.isArray(raw.tags)
    ? raw.tags.flatMap((tag) => {
        const name = isObject(tag) ? text(tag.name) : undefined;
        if (!name || !isObject(tag)) return [];
        const description = text(tag.description);
        return [description ? { name, description } : { name }];
      })
    : [];
  const description = text(info.description);
  return {
    title: text(info.title) ?? 'API',
    version: text(info.version) ?? '',
    ...(description ? { description } : {}),
    operations,
    tags,
  };
}

/**
 * Operations by tag: the document's tag order first, then each tag as it first appears; an
 * operation under each of its tags, one without a tag under "Other" (last). Empty tags are left out.
 */
export function groupByTag(
  operations: readonly ApiOperation[],
  tags: ApiDocument['tags'] = [],
): ApiTagGroup[] {
  const groups = new Map<string, ApiTagGroup>();
  for (const tag of tags) groups.set(tag.name, { ...tag, operations: [] });
  const untagged: ApiOperation[] = [];
  for (const operation of operations) {
    if (operation.tags.length === 0) untagged.push(operation);
    for (const name of operation.tags) {
      const group = groups.get(name) ?? { name, operations: [] };
      group.operations.push(operation);
      groups.set(name, group);
    }
  }
  const result = [...groups.values()].filter((group) => group.operations.length > 0);
  return untagged.length > 0 ? [...result, { name: API_DOCS_TEXTS.untagged, operations: untagged }] : result;
}

/** The operations whose method, path, summary, operation id or tag contain every word of `query`. */
export function filterOperations(operations: readonly ApiOperation[], query: string): ApiOperation[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...operations];
  return operations.filter((operation) => {
    const haystack = [
      operation.method,
      operation.path,
      operation.summary,
      operation.operationId ?? '',
      ...operation.tags,
    ]
      .join(' ')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** Where the console's own API answers: its origin and /api ('https://console.example/api'). */
export const consoleApiBase = (origin = window.location.origin) => `${origin}${API_PREFIX}`;

/**
 * An operation's address on the console's origin: its path as the document writes it (the API's
 * paths start with /api) or, for a path the document writes relative to the API, below /api.
 */
export function operationUrl(operation: Pick<ApiOperation, 'path'>, origin = window.location.origin): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, '<$1>');
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)
    ? `${origin}${path}`
    : `${consoleApiBase(origin)}${path.startsWith('/') ? '' : '/'}${path}`;
}

const typeOf = (schema: JsonSchema): string | undefined => {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
};

/** A value the schema accepts, for an example: its example, default, first choice, or a stand-in. */
export function sampleValue(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const choice = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (choice) return sampleValue(choice, depth + 1);
  if (schema.allOf && schema.allOf.length > 0) {
    const parts = schema.allOf.map((part) => sampleValue(part, depth + 1));
    return parts.every((part) => isObject(part)) ? Object.assign({}, ...parts) : parts[0];
  }
  switch (typeOf(schema)) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      // The fields a call must send; all of them when none is required.
      const shown = required.size > 0 ? properties.filter(([name]) => required.has(name)) : properties;
      return Object.fromEntries(shown.map(([name, child]) => [name, sampleValue(child, depth + 1)]));
    }
    case 'array':
      return schema.items ? [sampleValue(schema.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema);
    default:
      return null;
  }
}

function sampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'date-time':
      return '2026-01-01T00:00:00.000Z';
    case 'date':
      return '2026-01-01';
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
    case 'email':
      return 'user@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com';
    case 'binary':
      return '<file>';
    default:
      return 'string';
  }
}

/** A value between single quotes for a POSIX shell. */
const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/**
 * The curl call of an operation on the console's origin: its required query parameters, the
 * bearer token's placeholder (never a real token) when it needs one, and an example body (JSON,
 * or the fields of a multipart form).
 */
export function curlExample(operation: ApiOperation, origin = window.location.origin): string {
  const query = operation.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=<${p.name}>`)
    .join('&');
  const url = operationUrl(operation, origin) + (query ? `?${query}` : '');
  const lines = [`curl -X ${operation.method.toUpperCase()} ${shellQuote(url)}`];
  if (operation.secured) lines.push(`-H ${shellQuote(`Authorization: Bearer ${TOKEN_PLACEHOLDER}`)}`);
  for (const p of operation.parameters.filter((p) => p.in === 'header' && p.required)) {
    lines.push(`-H ${shellQuote(`${p.name}: <${p.name}>`)}`);
  }
  const body = operation.requestBody;
  const json = body?.content.find((media) => /\bjson\b/i.test(media.contentType));
  const form = body?.content.find((media) => media.contentType === 'multipart/form-data');
  if (json) {
    lines.push(`-H ${shellQuote(`Content-Type: ${json.contentType}`)}`);
    lines.push(`-d ${shellQuote(JSON.stringify(sampleValue(json.schema), null, 2))}`);
  } else if (form) {
    const fields = isObject(sampleValue(form.schema)) ? (sampleValue(form.schema) as Json) : {};
    for (const [name, value] of Object.entries(fields)) {
      const binary = form.schema?.properties?.[name]?.format === 'binary';
      lines.push(
        `-F ${shellQuote(`${name}=${binary ? '@<file>' : typeof value === 'string' ? value : JSON.stringify(value)}`)}`,
      );
    }
  } else if (body?.content[0]) {
    lines.push(`-H ${shellQuote(`Content-Type: ${body.content[0].contentType}`)}`);
    lines.push(`--data-binary ${shellQuote('@<file>')}`);
  }
  return lines.join(' \\\n  ');
}

/** A schema's type in a few words ('string (uuid)', 'array of object', 'one of string, number'). */
export function describeType(schema: JsonSchema | undefined): string {
  if (!schema) return API_DOCS_TEXTS.anyValue;
  if (schema.$ref && !schema.type) return schema.title ?? schema.$ref;
  const choices = schema.oneOf ?? schema.anyOf;
  let base: string;
  if (choices && choices.length > 0) base = `${API_DOCS_TEXTS.oneOf} ${choices.map(describeType).join(', ')}`;
  else {
    const type = typeOf(schema);
    if (type === 'array') base = `array of ${describeType(schema.items)}`;
    else if (type === 'object' && !schema.properties && schema.additionalProperties !== false)
      base = API_DOCS_TEXTS.anyFields;
    else base = type ? (schema.format ? `${type} (${schema.format})` : type) : API_DOCS_TEXTS.anyValue;
  }
  const nullable = schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));
  return nullable ? `${base} ${API_DOCS_TEXTS.nullable}` : base;
}

/** What else a schema says of its values: choices, bounds, default (short, for a table cell). */
export function describeConstraints(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const notes: string[] = [];
  if (schema.enum && schema.enum.length > 0)
    notes.push(`one of: ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (schema.minimum !== undefined) notes.push(`minimum ${schema.minimum}`);
  if (schema.maximum !== undefined) notes.push(`maximum ${schema.maximum}`);
  if (schema.minLength !== undefined) notes.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) notes.push(`at most ${schema.maxLength} characters`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes;
}
