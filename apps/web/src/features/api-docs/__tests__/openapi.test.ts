/** The shared OpenAPI model: reading the document, grouping, filtering and the curl examples. */
import { describe, expect, it } from 'vitest';
import {
  curlExample,
  describeType,
  filterOperations,
  groupByTag,
  InvalidOpenApiError,
  operationUrl,
  parseOpenApi,
} from '../openapi.ts';
import { ADMIN_ONLY, DOCUMENT, FOR_CUSTOMERS } from './docs-fixtures.tsx';

const ORIGIN = 'https://console.example';
const model = parseOpenApi(DOCUMENT);
const operation = (key: string) => model.operations.find((o) => o.key === key)!;

describe('the OpenAPI model', () => {
  it('reads every operation in the document’s order, with the server’s administrator marker', () => {
    expect(model.title).toBe('Cuepoint API');
    expect(model.version).toBe('9.8.7');
    expect(model.operations.map((o) => o.key).sort()).toEqual([...ADMIN_ONLY, ...FOR_CUSTOMERS].sort());
    expect(model.operations.filter((o) => o.adminOnly).map((o) => o.key)).toEqual(ADMIN_ONLY);
    expect(operation('GET /api/health').secured).toBe(false);
    expect(operation('GET /api/ssai/ds').secured).toBe(true);
  });

  it('resolves local references in bodies and responses', () => {
    const list = operation('GET /api/ssai/ds').responses.find((r) => r.status === '200')!;
    const items = list.content[0]!.schema!.properties!.data!.items!;
    expect(items.title).toBe('Stream');
    expect(Object.keys(items.properties!)).toEqual(['_id', 'name', 'adMarkers']);
    expect(describeType(list.content[0]!.schema!.properties!.data)).toBe('array of object');
    const error = operation('GET /api/ssai/ds').responses.find((r) => r.status === '401')!;
    expect(error.content[0]!.schema!.required).toEqual(['statusCode', 'message']);
  });

  it('refuses what is not an OpenAPI document', () => {
    expect(() => parseOpenApi('<html></html>')).toThrow(InvalidOpenApiError);
    expect(() => parseOpenApi({ swagger: '2.0' })).toThrow(InvalidOpenApiError);
  });

  it('groups by tag in the order tags first appear, and filters on every word', () => {
    expect(groupByTag(model.operations).map((g) => [g.name, g.operations.length])).toEqual([
      ['system', 1],
      ['ssai/ds', 3],
      ['alarm', 1],
      ['schedule', 2],
    ]);
    expect(filterOperations(model.operations, 'post ds').map((o) => o.key)).toEqual(['POST /api/ssai/ds']);
    expect(filterOperations(model.operations, 'SCHEDULE').length).toBe(2);
    expect(filterOperations(model.operations, '  ').length).toBe(model.operations.length);
  });

  it('writes a curl call on the console’s origin with the token’s placeholder and an example body', () => {
    expect(operationUrl(operation('DELETE /api/ssai/ds/{id}'), ORIGIN)).toBe(`${ORIGIN}/api/ssai/ds/<id>`);
    expect(curlExample(operation('POST /api/ssai/ds'), ORIGIN)).toBe(
      [
        `curl -X POST '${ORIGIN}/api/ssai/ds'`,
        `  -H 'Authorization: Bearer <token>'`,
        `  -H 'Content-Type: application/json'`,
        `  -d '{\n  "name": "string",\n  "sourceUrl": "https://example.com"\n}'`,
      ].join(' \\\n'),
    );
    // A public call needs no token.
    expect(curlExample(operation('GET /api/health'), ORIGIN)).toBe(`curl -X GET '${ORIGIN}/api/health'`);
  });
});
