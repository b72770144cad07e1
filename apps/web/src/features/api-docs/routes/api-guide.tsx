/**
 * /documentation/cuemana-ui (NEWAPIDOCS=1): the API guide generated from the OpenAPI document:
 * every operation a customer may call, by tag, with its description, parameters and a curl
 * example on the console's origin. The examples carry the token's placeholder: the page says
 * where the account's API token is (My Account, API access) and never shows it.
 */

import { useRoleAllows } from '../../../lib/role-access.ts';
import { type SessionLoaderData, useSession } from '../../../lib/session.ts';
import { openSettingsDialog } from '../../../lib/settings-dialogs.ts';
import { GuideIntro, GuideSections, TokenNote } from '../components/api-guide.tsx';
import { DocsScreen } from '../components/docs-screen.tsx';
import { groupByTag } from '../openapi.ts';
import { API_DOCS_TEXTS as T } from '../texts.ts';

export function Component() {
  const user = (useSession() as SessionLoaderData | undefined)?.user;
  // My Account (where the token is made) is a team owner's: another member gets no way there.
  const owner = useRoleAllows('manage');
  return (
    <DocsScreen
      fallbackTitle="API Documentation"
      intro={T.guide.intro}
      entry="docs-new"
      select={(document) => document.operations.filter((operation) => !operation.adminOnly)}
    >
      {(document, operations) => (
        <>
          <GuideIntro auth={T.guide.auth}>
            <TokenNote
              enabled={user?.customerId.enableAPI === true}
              onOpenAccount={owner ? () => openSettingsDialog('account') : undefined}
            />
          </GuideIntro>
          <GuideSections groups={groupByTag(operations, document.tags)} prefix="api" />
        </>
      )}
    </DocsScreen>
  );
}
