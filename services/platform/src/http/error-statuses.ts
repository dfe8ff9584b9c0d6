import type { DeclaredRoute } from './route-access';

/** Methods that change state: their bodies are parsed (any body), and a browser's cross-site try is refused. */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What each error status means, as the API document says it; the body is always `ErrorBody`. */
const ERROR_STATUS_MEANINGS: Readonly<Record<number, string>> = {
  400: 'The request is not valid: a parameter, the query or the body (issues name the fields)',
  401: 'Signed out, or the credentials are wrong',
  403: 'Not allowed for this caller, or a write sent from another site',
  404: 'Nothing with this id is visible to the caller',
  409: 'A conflict: locked, taken, or changed by someone else meanwhile',
  413: 'The body is too large',
  415: 'The body is not of a supported content type',
  422: 'The values break a domain rule',
  429: 'Too many attempts; retry after the Retry-After header',
  503: 'The service is unavailable for a moment; retry',
};

const hasPathParameters = (route: DeclaredRoute) => /\{\w+\}/.test(route.path);

/**
 * Every error status a call can answer, from its row alone: its access (401 signed out, 403 another role), its
 * shape (parameters, query and bodies can be invalid, bodies too large or of another type, path ids
 * unknown), whether it changes state (409 a concurrent change, 403 a cross-site write) and the refusals the
 * row adds (a wrong password's 401, a throttle's 429, a broken rule's 422). 503 while a service is unavailable.
 */
export function errorStatusesOf(route: DeclaredRoute): number[] {
  const write = WRITE_METHODS.has(route.method.toUpperCase());
  const withParameters = hasPathParameters(route);
  const statuses = new Set<number>([503, ...(route.refusals ?? [])]);
  const when = (condition: unknown, ...codes: number[]) => {
    if (condition) for (const code of codes) statuses.add(code);
  };
  when(
    [route.params, route.query, route.headers, route.body].some((part) => part !== undefined),
    400,
  );
  when(write, 400, 403, 409, 413, 415);
  when(route.access === 'signed-in' || route.access === 'mentor', 401);
  when(route.access === 'mentor', 403);
  when(withParameters, 404);
  return [...statuses].sort((a, b) => a - b);
}

/** The JSON schema of every error answer, `{ message, code, issues? }` (the contracts' ErrorBody). */
export const ERROR_BODY_JSON_SCHEMA = {
  type: 'object',
  required: ['message', 'code'],
  properties: {
    message: { type: 'string', description: 'For a person, in Hebrew' },
    code: { type: 'string', description: 'Stable, for a program' },
    issues: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: {
          path: { type: 'array', items: { type: ['string', 'integer'] } },
          message: { type: 'string' },
        },
      },
    },
  },
} as const;

const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

interface OpenApiOperation {
  operationId?: string;
  responses?: Record<string, unknown>;
}
interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation> | undefined>;
  components?: { schemas?: Record<string, unknown> };
}

const errorAnswer = (status: number) => ({
  description: ERROR_STATUS_MEANINGS[status] ?? 'Refused',
  content: { 'application/json': { schema: { $ref: ERROR_BODY_REF } } },
});

/** The success answer with the calls it leads to, among those documented, as OpenAPI links. */
function withLinks(
  success: unknown,
  links: DeclaredRoute['links'],
  documented: ReadonlySet<string>,
): unknown {
  const linked = Object.entries(links ?? {})
    .filter(([operationId]) => documented.has(operationId))
    .map(([operationId, parameters]) => [operationId, { operationId, parameters }]);
  return linked.length === 0 ? success : { ...(success as object), links: Object.fromEntries(linked) };
}

interface DocumentedOperation {
  operation: OpenApiOperation;
  row: DeclaredRoute;
}

/** An operation as its row describes it: the row's id, its links (a stateful fuzzer follows them), its errors. */
function describeOperation({ operation, row }: DocumentedOperation, documented: ReadonlySet<string>): void {
  if (row.id) operation.operationId = row.id;
  const responses = { ...operation.responses };
  const success = Object.keys(responses).find((status) => status.startsWith('2'));
  if (success) responses[success] = withLinks(responses[success], row.links, documented);
  for (const status of errorStatusesOf(row)) responses[String(status)] = errorAnswer(status);
  operation.responses = responses;
}

/** Each operation of the document with its row in the route table (operations without a row are left out). */
function operationsWithRows(
  document: OpenApiDocument,
  routes: readonly DeclaredRoute[],
): DocumentedOperation[] {
  const rowOf = new Map(routes.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route]));
  return Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
    Object.entries(operations ?? {}).flatMap(([method, operation]) => {
      const row = rowOf.get(`${method.toUpperCase()} ${path}`);
      return row ? [{ operation, row }] : [];
    }),
  );
}

/**
 * The API document with every operation described by its row in the route table: its id as the operationId,
 * its links, and every error answer, each status from `errorStatusesOf` with the `ErrorBody` schema.
 */
export function withErrorAnswers<Document extends { paths?: unknown; components?: unknown }>(
  generated: Document,
  routes: readonly DeclaredRoute[],
): Document {
  const document = generated as OpenApiDocument;
  const described = operationsWithRows(document, routes);
  const documented = new Set(described.flatMap(({ row }) => (row.id ? [row.id] : [])));
  for (const operation of described) describeOperation(operation, documented);
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ErrorBody: ERROR_BODY_JSON_SCHEMA },
  };
  return generated;
}
