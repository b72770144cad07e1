/** A small OpenAPI document and the documentation screens under a signed-in session, for the tests. */
import { entryPath, type User } from '@cuepoint/core';
import type { RouteObject } from 'react-router';
import { SESSION_ROUTE_ID, type SessionLoaderData } from '../../../lib/session.ts';
import { jsonResponse, makeUser, signIn, stubApi } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';

const security = [{ bearer: [] }];
const errors = {
  401: {
    description: 'Not signed in',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  },
};

/** Four tags (one with only administrators' operations), a `$ref`, a public call and a body. */
export const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Cuepoint API', version: '9.8.7', description: 'API of the Cuepoint console.' },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    schemas: {
      Error: {
        type: 'object',
        properties: { statusCode: { type: 'integer' }, message: { type: 'string' } },
        required: ['statusCode', 'message'],
      },
      Stream: {
        type: 'object',
        properties: {
          _id: { type: 'string', format: 'uuid' },
          name: { type: 'string', description: 'What the console lists it by' },
          adMarkers: { type: 'array', items: { type: 'object', properties: { offset: { type: 'number' } } } },
        },
        required: ['_id', 'name'],
      },
    },
  },
  paths: {
    '/api/health': {
      get: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        responses: {
          200: {
            description: 'Default Response',
            content: {
              'application/json': { schema: { type: 'object', properties: { status: { type: 'string' } } } },
            },
          },
        },
      },
    },
    '/api/ssai/ds': {
      get: {
        tags: ['ssai/ds'],
        summary: 'Live streams: one page, sorted, searched and filtered',
        security,
        parameters: [
          { in: 'query', name: 'page', required: false, schema: { type: 'integer', minimum: 1, default: 1 } },
          {
            in: 'query',
            name: 'q',
            required: false,
            description: 'Part of a name',
            schema: { type: 'string' },
          },
        ],
        responses: {
          200: {
            description: 'Default Response',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    data: { type: 'array', items: { $ref: '#/components/schemas/Stream' } },
                    total: { type: 'integer' },
                  },
                  required: ['data', 'total'],
                },
              },
            },
          },
          ...errors,
        },
      },
      post: {
        tags: ['ssai/ds'],
        summary: 'Create a live stream',
        security,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  name: { type: 'string', minLength: 1 },
                  sourceUrl: { type: 'string', format: 'uri' },
                  note: { type: 'string' },
                },
                required: ['name', 'sourceUrl'],
              },
            },
          },
        },
        responses: {
          201: {
            description: 'Created',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Stream' } } },
          },
        },
      },
    },
    '/api/ssai/ds/{id}': {
      delete: {
        tags: ['ssai/ds'],
        summary: 'Delete a live stream',
        security,
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: { 200: { description: 'Deleted' } },
      },
    },
    '/api/alarm/alarms': {
      get: {
        tags: ['alarm'],
        summary: 'Main administrator: alarms of the whole platform',
        security,
        'x-main-admin-only': true,
        responses: { 200: { description: 'Default Response' } },
      },
    },
    '/api/schedule/events': {
      get: {
        tags: ['schedule'],
        summary: 'Main administrator: scheduled events',
        security,
        'x-main-admin-only': true,
        responses: { 200: { description: 'Default Response' } },
      },
    },
    '/api/schedule/events/{id}/trigger': {
      post: {
        tags: ['schedule'],
        summary: 'A DTMF event’s break, now',
        security,
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'Default Response' } },
      },
    },
  },
};

/** The operations of DOCUMENT only a main administrator may call, and the others. */
export const ADMIN_ONLY = ['GET /api/alarm/alarms', 'GET /api/schedule/events'];
export const FOR_CUSTOMERS = [
  'GET /api/health',
  'GET /api/ssai/ds',
  'POST /api/ssai/ds',
  'DELETE /api/ssai/ds/{id}',
  'POST /api/schedule/events/{id}/trigger',
];

/** The screens' paths and modules (app/screens.ts names them the same way). */
export const SCREENS = {
  swagger: {
    path: entryPath('docs-swagger'),
    title: 'Swagger',
    load: () => import('../routes/swagger-explorer.tsx'),
  },
  guide: {
    path: entryPath('docs-new'),
    title: 'API Documentation',
    load: () => import('../routes/api-guide.tsx'),
  },
  admin: {
    path: entryPath('docs-admin'),
    title: 'Admin API Documentation',
    load: () => import('../routes/admin-api-guide.tsx'),
  },
  reference: {
    path: entryPath('docs-old'),
    title: 'API Documentation',
    load: () => import('../routes/api-reference.tsx'),
  },
  index: {
    path: '/documentation/cuemana',
    title: 'API Documentation',
    load: () => import('../routes/documentation-index.tsx'),
  },
} as const;

export interface DocsUser {
  admin?: boolean;
  plan?: 'standard' | 'enterprise';
  enableAPI?: boolean;
}

export const docsUser = ({ admin = false, plan = 'enterprise', enableAPI = false }: DocsUser = {}): User => {
  const base = makeUser();
  return makeUser({
    profile: { isMainAdmin: admin },
    customerId: { ...base.customerId, paymentPlan: plan, enableAPI },
  });
};

/** One screen under a session route (as the console's), signed in as `user`. */
export function renderScreen(screen: keyof typeof SCREENS, user: DocsUser = {}) {
  const { path, title, load } = SCREENS[screen];
  const presented = docsUser(user);
  signIn(presented);
  const routes: RouteObject[] = [
    {
      id: SESSION_ROUTE_ID,
      loader: (): SessionLoaderData => ({
        user: presented,
        isMainAdmin: user.admin ?? false,
        loginAs: false,
        userView: false,
      }),
      HydrateFallback: () => null,
      children: [{ path, handle: { title }, lazy: load }],
    },
  ];
  return renderRoutes(routes, path);
}

/** Stubs GET /api/docs/json with `document` (DOCUMENT by default). */
export const stubDocument = (document: unknown = DOCUMENT) =>
  stubApi({ 'GET docs/json': () => jsonResponse(200, document) });
