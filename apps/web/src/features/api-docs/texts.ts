/** The API documentation screens' texts. */
export const API_DOCS_TEXTS = {
  loading: 'Loading the API description…',
  failed: 'The API description could not be loaded.',
  invalid: 'The server’s API description is not an OpenAPI document.',
  empty: 'The API describes no operation yet.',
  untagged: 'Other',
  filter: 'Filter operations',
  filterPlaceholder: 'Method, path, summary or tag',
  noMatch: (query: string) => `No operation matches “${query}”.`,
  operations: (count: number) => (count === 1 ? '1 operation' : `${count} operations`),
  adminOnly: 'Main administrator',
  adminOnlyHint: 'Only a main administrator may call this operation',
  deprecated: 'Deprecated',
  noAuth: 'No token needed',
  version: (version: string) => `Version ${version}`,
  openSwaggerUi: 'Open the API’s own Swagger UI',
  newTab: '(opens in a new tab)',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'The example could not be copied.',
  copyExample: (operation: string) => `Copy the curl example of ${operation}`,
  codeExample: (operation: string) => `curl example of ${operation}`,
  contents: 'Contents',

  /** An operation's parts. */
  parameters: 'Parameters',
  noParameters: 'No parameters.',
  requestBody: 'Request body',
  responses: 'Responses',
  required: 'required',
  optional: 'optional',
  columns: {
    name: 'Name',
    in: 'In',
    type: 'Type',
    description: 'Description',
    method: 'Method',
    path: 'Path',
    summary: 'Summary',
  },
  locations: { path: 'path', query: 'query', header: 'header', cookie: 'cookie' } as Record<string, string>,
  noSchema: 'No content.',
  anyValue: 'any',
  anyFields: 'object with any fields',
  oneOf: 'one of',
  nullable: 'or null',
  moreLevels: '…',

  /** /documentation/swagger-ui. */
  explorer: {
    intro:
      'Every operation of the Cuepoint API, by tag, as the server describes it: open one to see its parameters, request body and responses.',
  },

  /** /documentation/cuemana-ui (and the administrator's page). */
  guide: {
    intro:
      'How to call the Cuepoint API from your own systems: each operation with what it does, its parameters and a curl example.',
    baseUrl: 'Base URL',
    authTitle: 'Authentication',
    auth: 'Send your API token in the Authorization header of every call:',
    tokenEnabled:
      'Replace the placeholder with your account’s API token: it is in the My Account dialog, under API access.',
    tokenDisabled:
      'API access is off for this account: turn it on in the My Account dialog, under API access (Enterprise plan), to get a token.',
    openAccount: 'Open My Account',
    example: 'Example',
  },

  /** /documentation/cuemana-ui-admin. */
  admin: {
    intro:
      'The operations only a main administrator may call: alarms, customer review, scheduling, monitoring, playout and platform reports.',
    auth: 'These calls answer a main administrator’s session token, sent in the Authorization header:',
    authNote: 'An API token acts as its customer’s user: these calls refuse it.',
    empty: 'The API marks no operation as reserved for main administrators.',
  },

  /** /documentation/cuemana-ui-old. */
  reference: {
    intro: 'The operations of the Cuepoint API, one table per tag.',
    caption: (tag: string) => `${tag} operations`,
  },

  /** /documentation/cuemana. */
  manual: {
    intro: 'Where to read about Cuepoint: its API, the help articles and the manual.',
    apiTitle: 'API documentation',
    helpTitle: 'Help',
    entries: {
      'docs-new': 'A guide to the API with a curl example for each operation.',
      'docs-old': 'A compact reference of every operation, one table per tag.',
      'docs-admin': 'The operations only a main administrator may call.',
      'docs-swagger': 'Explore every operation with its parameters, request body and responses.',
    } as Record<string, string>,
    swaggerUi: 'Swagger UI',
    swaggerUiHint: 'The API’s own interactive documentation, served by the server.',
    knowledgeBase: 'Knowledge Base',
    knowledgeBaseHint: 'Articles that explain how to use the console.',
    manual: 'Manual',
    manualHint: 'The product manual.',
    noApiDocs: 'The API documentation is not enabled on this server.',
  },
} as const;
