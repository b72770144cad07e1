/**
 * What the start-up log says about TRUST_PROXY (issue 46). `true` takes the client address from
 * the leftmost X-Forwarded-For entry, which is whatever the client wrote: it may pick its own
 * address for the rate and sign-in limits, the session records, the logs and the ad server's
 * targeting. A hop count or the proxies' addresses take the entry the trusted proxy wrote.
 */
export function trustProxyWarning(value: boolean | number | readonly string[]): string | undefined {
  if (value !== true) return undefined;
  return (
    "TRUST_PROXY=true trusts any client's X-Forwarded-For: a client can choose its own address for " +
    'the rate and sign-in limits. Name the proxies instead: their addresses or CIDR ranges ' +
    '(TRUST_PROXY=127.0.0.1 behind nginx on the same machine), or their number (TRUST_PROXY=1)'
  );
}
