/** Name of the index page route (the default child of the layout). */
export const INDEX_ROUTE_NAME = 'Inicio';

export interface RouteHandle {
  /** The route name: document.title and geral.titulo (SPEC.md §2). */
  name: string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).name === 'string';
}

/** Route name of a path under the main layout: '/' is the index, '/<name>' is the screen. */
export function layoutRouteName(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0];
  return first ? decodeURIComponent(first) : INDEX_ROUTE_NAME;
}
