/**
 * What each path of the API takes, read from the OpenAPI document the server serves, so that the
 * 405 a path answers to any other method, and its `Allow` header, cannot disagree with it.
 */

/** The methods an OpenAPI path item may hold operations for. */
const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface PathMethods {
  /** The path as Hono matches it, relative to `/v1`: `/classe/:id/add-student`. */
  path: string;
  /** The `Allow` header: the document's methods, HEAD with GET (Hono answers it). */
  allow: string;
  /** Every operation of the path needs no token (`security: []`). */
  open: boolean;
}

type PathItem = Record<string, unknown>;

export function allowedMethods(document: { paths: Record<string, PathItem> }): PathMethods[] {
  return Object.entries(document.paths).map(([path, item]) => {
    const operations = OPERATION_METHODS.filter((method) => method in item);
    const methods = operations.flatMap((method) => (method === 'get' ? ['GET', 'HEAD'] : [method]));
    return {
      path: path.replace(/\{(\w+)\}/g, ':$1'),
      allow: [...new Set(methods.map((method) => method.toUpperCase()))].join(', '),
      open: operations.every((method) => {
        const security = (item[method] as { security?: unknown[] }).security;
        return Array.isArray(security) && security.length === 0;
      }),
    };
  });
}
