/**
 * /documentation/cuemana-ui-admin (main administrator): the guide's form for the operations only
 * a main administrator may call (the server marks them in its OpenAPI document,
 * x-main-admin-only). They answer an administrator's session token, not an API token.
 */
import { GuideIntro, GuideSections } from '../components/api-guide.tsx';
import { DocsScreen } from '../components/docs-screen.tsx';
import { groupByTag } from '../openapi.ts';
import { API_DOCS_TEXTS as T } from '../texts.ts';

export function Component() {
  return (
    <DocsScreen
      fallbackTitle="Admin API Documentation"
      intro={T.admin.intro}
      entry="docs-admin"
      select={(document) => document.operations.filter((operation) => operation.adminOnly)}
      empty={T.admin.empty}
    >
      {(document, operations) => (
        <>
          <GuideIntro auth={T.admin.auth} note={T.admin.authNote} />
          <GuideSections groups={groupByTag(operations, document.tags)} prefix="admin-api" />
        </>
      )}
    </DocsScreen>
  );
}
