import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

type JsonSchema = Record<string, unknown>;

/**
 * Responses through Fastify's compiled serializer (fast-json-stringify, compiled once per route and
 * status from the JSON Schema of the route's Zod response schema) instead of the Zod type provider's
 * serializer, which parses every answer with Zod and then runs JSON.stringify: a second pass over
 * every object on every request. Validation of requests and the OpenAPI document stay Zod's.
 *
 * What it keeps: only the schema's properties are written (extra fields never leak), a missing
 * required property is an error (500, as before). What a compiled serializer does not do: check enum
 * members or string formats of our own answers; the types and contracts tests pin those.
 * A schema JSON Schema cannot express (a transform), or a union, keeps the Zod serializer for that route.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = route.schema instanceof z.ZodType ? route.schema : undefined;
  if (!schema) return zodSerializerCompiler(route as never);
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }) as JsonSchema;
  } catch {
    return zodSerializerCompiler(route as never);
  }
  const prepared = forSerializer(json);
  // A union left after folding nullables would be serialized by whichever branch fast-json-stringify's
  // own validator accepts first, with different rules from Zod's: such routes keep Zod.
  if (/"(anyOf|oneOf|allOf|not|if)":/.test(JSON.stringify(prepared))) return zodSerializerCompiler(route as never);
  return fastJson(prepared as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
};

/**
 * The generated schema, adjusted for serializing: `additionalProperties: false` dropped (Zod's output
 * mode writes it for every object; fast-json-stringify writes declared properties only anyway, but would
 * use it to reject a union branch whose object carries an extra field the Zod serializer strips), and a
 * nullable `anyOf: [X, {type: null}]` with a typed X folded into `type: [X, 'null']`, the fast path.
 */
function forSerializer(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(forSerializer);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonSchema = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'additionalProperties' && child === false) continue;
    if (key === '$schema') continue;
    out[key] = key === 'properties' || key === 'definitions' ? mapValues(child) : forSerializer(child);
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && !('$ref' in other)) {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

function mapValues(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forSerializer(v)]));
}
