/**
 * Which URL changes are navigations in the user's sense (SPEC.md §2 "every navigation scrolls to the
 * top"; docs/decisions/0011): a change of the page shown, that is of the path. The query string holds
 * the state of the page itself (search, filters, order, page of a list, trash view, the form drawer, a
 * dialog, a report's filters), and changing it keeps the reader's place.
 */
export function pageKey(location: { pathname: string }): string {
  // '/pessoa/' is the page '/pessoa'.
  return location.pathname.replace(/(.)\/+$/, '$1');
}

export function isNavigation(from: { pathname: string } | null, to: { pathname: string }): boolean {
  return from === null || pageKey(from) !== pageKey(to);
}
