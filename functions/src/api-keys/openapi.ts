import { isPublicApiRoute, requiredScope, scopeArea } from '@atende/shared/contracts/api-keys/public-api';
import { ROUTES } from '@atende/shared/contracts/manifest';
import { API_PREFIX, type RouteContract } from '@atende/shared/contracts/types';
import * as z from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * The OpenAPI 3.1 document of the public API, generated from the same zod contracts the handlers parse with
 * (zod's own JSON Schema output, draft 2020-12, which OpenAPI 3.1 uses as is): nothing is written twice.
 * Input schemas are described as the client sends them, responses as the server answers.
 */
const components: Record<string, JsonSchema> = {};

/** Moves a schema's own `$defs` into the document's components, so every `$ref` resolves from the root. */
function hoist(schema: JsonSchema, prefix: string): JsonSchema {
  const { $schema: _dialect, $defs, ...rest } = schema;
  const rename = (name: string) => `${prefix}_${name}`.replace(/[^A-Za-z0-9._-]/g, '_');
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) =>
          key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
            ? [key, `#/components/schemas/${rename(inner.slice('#/$defs/'.length))}`]
            : [key, rewrite(inner)],
        ),
      );
    }
    return value;
  };
  for (const [name, definition] of Object.entries(($defs as Record<string, unknown> | undefined) ?? {})) {
    components[rename(name)] = rewrite(definition) as JsonSchema;
  }
  return rewrite(rest) as JsonSchema;
}

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output', prefix: string): JsonSchema =>
  hoist(
    z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema,
    prefix,
  );

function parameters(route: RouteContract): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, 'input', `${route.id}.${where}`);
    const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((object.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(properties)) {
      list.push({ name, in: where, required: where === 'path' || required.has(name), schema: property });
    }
  }
  return list;
}

const errorResponse = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { message: { type: 'string' }, code: { type: 'string' }, field: { type: 'string' } },
        required: ['message'],
      },
    },
  },
});

function operation(route: RouteContract): JsonSchema {
  const status = String(route.successStatus ?? 200);
  const success =
    route.response && status !== '204'
      ? {
          description: 'OK',
          content: {
            'application/json': { schema: jsonSchema(route.response, 'output', `${route.id}.response`) },
          },
        }
      : { description: 'OK' };
  const params = parameters(route);
  return {
    operationId: route.id,
    summary: `${route.method} ${API_PREFIX}${route.path}`,
    description: `Escopo necessário: \`${requiredScope(route)}\` (ou \`*\`).`,
    tags: [scopeArea(route)],
    security: [{ apiKey: [] }],
    'x-required-scope': requiredScope(route),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(route.body, 'input', `${route.id}.body`) } },
          },
        }
      : {}),
    responses: {
      [status]: success,
      '400': errorResponse('Requisição inválida: `field` nomeia o campo.'),
      '401': errorResponse('Chave ausente, inválida, revogada ou expirada.'),
      '403': errorResponse('A chave não tem o escopo desta rota.'),
      '404': errorResponse('Não encontrado nesta empresa.'),
    },
  };
}

function build(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of ROUTES.filter(isPublicApiRoute)) {
    const path = `${API_PREFIX}${route.path}`;
    paths[path] = { ...(paths[path] ?? {}), [route.method.toLowerCase()]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Atende API',
      version: '1.0.0',
      description:
        'API pública do Atende. Autentique cada chamada com o cabeçalho `x-api-key`; cada chave alcança somente os escopos e a empresa para os quais foi criada.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: components,
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
    },
  };
}

let cached: JsonSchema | undefined;

/** Built once per container: the contracts do not change while it runs. */
export const openApiDocument = (): JsonSchema => (cached ??= build());
