import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '#web/api/http';

/** An ApiError as JSON carries it: an Error's message and class do not survive stringify. */
interface SentError {
  apiError: {
    status: number;
    code: ApiError['code'];
    message: string;
    fields?: ApiError['fields'];
  };
}

const isSentError = (value: unknown): value is SentError =>
  typeof value === 'object' && value !== null && 'apiError' in value;

/** The id of the JSON block the server writes the page's data into. */
export const PAGE_STATE_ID = 'page-state';

/**
 * What the server read for the page, for the browser to start from: answers, and the API's
 * refusals (a product that does not exist), so the browser shows what the server showed.
 */
export function dehydratePageState(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' ||
      (query.state.status === 'error' && query.state.error instanceof ApiError),
  });
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error = query.state.error;
      if (!(error instanceof ApiError)) return query;
      const { status, code, message, fields } = error;
      const sent: SentError = { apiError: { status, code, message, fields } };
      return { ...query, state: { ...query.state, error: sent as unknown as Error } };
    }),
  };
}

/** The server's page data, read back into the browser's query client before hydration. */
export function hydratePageState(queryClient: QueryClient, state: DehydratedState) {
  hydrate(queryClient, {
    ...state,
    queries: state.queries.map((query) => {
      const error: unknown = query.state.error;
      if (!isSentError(error)) return query;
      const { status, code, message, fields } = error.apiError;
      return {
        ...query,
        state: { ...query.state, error: new ApiError(status, code, message, fields) },
      };
    }),
  });
}
