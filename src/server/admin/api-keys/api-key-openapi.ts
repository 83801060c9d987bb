import { apiKeyMessages } from '#shared/api-keys';
import { SESSION_COOKIE } from '../../auth/auth';
import { requiredScope, SESSION_ONLY } from './api-key-scopes';

/** The parts of an OpenAPI document this file reads and adds to. */
interface Operation {
  description?: string;
  security?: Record<string, string[]>[];
  'x-scopes'?: string[];
}
interface Document {
  paths?: Record<string, object>;
  components?: { securitySchemes?: Record<string, unknown> };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head']);

/** Where the document's paths are served: /api, by app.ts. */
const API_BASE = '/api';

/**
 * The admin API's security in the OpenAPI document: a signed-in store admin's session cookie,
 * or an API key as `Authorization: Bearer`, with the scope each operation needs from the key
 * (api-key-scopes.ts) as `x-scopes`, in `security` and in its description. Key management
 * takes the session only.
 */
export function describeAdminSecurity<T extends Document>(document: T): T {
  document.components = {
    ...document.components,
    securitySchemes: {
      ...document.components?.securitySchemes,
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: 'A signed-in store admin',
      },
      apiKey: {
        type: 'http',
        scheme: 'bearer',
        description:
          'An API key made in the admin (Settings, API keys), carrying the scopes each operation lists in x-scopes',
      },
    },
  };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith('/admin/')) continue;
    for (const [method, value] of Object.entries(item as Record<string, unknown>)) {
      if (!METHODS.has(method)) continue;
      const operation = value as Operation;
      const scope = requiredScope(method, `${API_BASE}${path}`);
      if (scope === null) continue;
      const sessionOnly = scope === SESSION_ONLY;
      operation.security = sessionOnly ? [{ session: [] }] : [{ session: [] }, { apiKey: [scope] }];
      operation['x-scopes'] = sessionOnly ? [] : [scope];
      const note = sessionOnly ? apiKeyMessages.sessionOnly : `API key scope: \`${scope}\`.`;
      operation.description = operation.description ? `${operation.description}\n\n${note}` : note;
    }
  }
  return document;
}
