/**
 * /billing-history: two screens behind one path (spec section 2). The main administrator's
 * History (every document, filters, totals, corrections) and, for any other user whose customer
 * has a payment customer id, its own Billing. The signed-in user decides (during login-as, the
 * user acted as: a customer's view).
 */
import { useRouteTitle } from '../../../components/resource/use-route-title.ts';
import { useSession } from '../../../lib/session.ts';
import { AdminHistory } from '../components/admin-history.tsx';
import { CustomerBilling } from '../components/customer-billing.tsx';
import { BILLING_SCREEN_TEXTS } from '../texts.ts';

export function Component() {
  const session = useSession();
  const title = useRouteTitle() ?? 'Billing History';
  return session.user.profile.isMainAdmin ? (
    <AdminHistory title={title} />
  ) : (
    <CustomerBilling title={BILLING_SCREEN_TEXTS.customer.title} />
  );
}
