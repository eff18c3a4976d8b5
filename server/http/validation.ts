/**
 * Request validation against the contract, with the JSON Schema dialect OpenAPI 3.1 uses
 * (2020-12). Bodies are checked strictly — no type coercion, unknown properties refused where
 * the contract says additionalProperties: false — while path, query and header values, which
 * always arrive as text, are coerced to the declared types.
 */
import Ajv2020, { type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/** OpenAPI's own annotation keywords, which are not JSON Schema vocabulary. */
const OPENAPI_KEYWORDS = ['example', 'xml', 'externalDocs', 'discriminator'];

function makeAjv(options: Options) {
  const ajv = new Ajv2020({
    strictTypes: false,
    strictTuples: false,
    // Every field's problem, not just the first: a form shows each beside its field at once.
    allErrors: true,
    useDefaults: true,
    ...options,
  });
  addFormats(ajv);
  ajv.addVocabulary(OPENAPI_KEYWORDS);
  // Multipart file parts: streamed by the handlers, never validated as JSON.
  ajv.addFormat('binary', true);
  return ajv;
}

const bodyAjv = makeAjv({ coerceTypes: false });
const textAjv = makeAjv({ coerceTypes: 'array' });

type JsonSchema = Record<string, unknown>;

/** Node lower-cases header names; a custom compiler must lower-case the schema to match. */
function lowerCaseHeaders(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, unknown> | undefined;
  const required = schema.required as string[] | undefined;
  return {
    ...schema,
    ...(properties && {
      properties: Object.fromEntries(
        Object.entries(properties).map(([k, value]) => [k.toLowerCase(), value]),
      ),
    }),
    ...(required && { required: required.map((name) => name.toLowerCase()) }),
  };
}

/** The name of the first value (or array item) that is a number but not a finite one. */
function nonFiniteField(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  for (const [name, value] of Object.entries(data)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((item) => typeof item === 'number' && !Number.isFinite(item))) return name;
  }
  return undefined;
}

/**
 * Ajv coerces the text «Infinity» (and 1e309) to a number and then skips minimum and maximum for
 * it, so `limit=Infinity` passed an integer with bounds and reached the database as a 500. The
 * coerced values are checked once more here: a number that is not finite is not an integer.
 */
function refuseNonFinite(validate: ValidateFunction): ValidateFunction {
  const checked = ((data: unknown) => {
    if (!validate(data)) {
      checked.errors = validate.errors;
      return false;
    }
    const name = nonFiniteField(data);
    checked.errors = name
      ? [
          {
            instancePath: `/${name}`,
            schemaPath: '#/type',
            keyword: 'type',
            params: { type: 'integer' },
            message: 'must be integer',
          },
        ]
      : null;
    return name === undefined;
  }) as ValidateFunction;
  return checked;
}

function compile(schema: JsonSchema, httpPart: string | undefined): ValidateFunction {
  if (httpPart === 'body') return bodyAjv.compile(schema);
  return refuseNonFinite(textAjv.compile(httpPart === 'headers' ? lowerCaseHeaders(schema) : schema));
}

/**
 * Validators by part and schema text. Each build of the app reads the contract afresh, so Ajv's
 * own cache (by schema object) never matched and every build compiled every schema again: a
 * third of building the app, paid by each of the server suite's 70 files. Operations that share
 * a schema (an order id in the path) share one validator too. The contract is fixed for the life
 * of the process, so the map stays as small as it.
 */
const compiled = new Map<string, ValidateFunction>();

export const contractValidatorCompiler: FastifySchemaCompiler<JsonSchema> = ({ schema, httpPart }) => {
  const key = `${httpPart} ${JSON.stringify(schema)}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = compile(schema, httpPart);
    compiled.set(key, validate);
  }
  return validate as ReturnType<FastifySchemaCompiler<JsonSchema>>;
};
