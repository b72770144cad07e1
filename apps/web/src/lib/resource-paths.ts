/**
 * The screens of a resource below its list path, as spec section 2 lays them out (/streams-vod,
 * /streams-vod/new, /streams-vod/kibana, /streams-vod/{id}, /streams-vod/{id}/kibana): the URLs
 * the screens link to, and the route patterns app/screens.ts declares them with. (Not in
 * paths.ts, which loads with the sign-in page.)
 */
export function resourcePaths<const List extends string>(list: List) {
  const detail = (id: string) => `${list}/${encodeURIComponent(id)}`;
  return {
    list,
    create: `${list}/new`,
    /** The log viewer of every record (a URL and its route's pattern). */
    logs: `${list}/kibana`,
    detail,
    detailLogs: (id: string) => `${detail(id)}/kibana`,
    /** The route patterns of the screens with a record's id. */
    routes: { detail: `${list}/:detail`, detailLogs: `${list}/:detail/kibana` },
  } as const;
}
