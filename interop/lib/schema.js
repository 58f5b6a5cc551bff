// JSON Schema validation of agent-sent messages against the ACP schemas that
// ship inside @agentclientprotocol/sdk: `schema/v1/schema.json` (the module's
// plain exports, used by the v1 tests) and `schema/v2/schema.json` (the draft
// v2 protocol, `acpSchema(2)`).
//
// Each schema is one big draft 2020-12 document whose `$defs` carry two
// annotations: `x-method` (the JSON-RPC method the type belongs to) and
// `x-side` (the side that *handles* that method). So for a message the agent
// sends we look for:
//   - a response to method M     -> the `*Response` def with x-side "agent", x-method M
//   - a request/notification M   -> the `*Request`/`*Notification` def with x-side "client", x-method M
//     (or x-side "protocol", for `$/cancel_request`)
// Extension methods (names starting with "_") have no def and are not validated.
//
// The v2 schema's open values (seed 004: every discriminated union and string
// enum ends in an `other` branch that takes any string) accept anything, so a v1
// `plan` or `tool_call` update would validate as a "future variant".
// `acpSchema(2, { closed: true })` closes them to the current draft: an `other`
// branch then takes only `_`-prefixed (implementation-specific) values, so a
// value that is neither in this draft nor an extension fails.

import { createRequire } from "node:module";
import Ajv2020 from "ajv/dist/2020.js";

const require = createRequire(import.meta.url);

/** The ACP protocol versions whose schema ships with the SDK. */
export const SCHEMA_VERSIONS = [1, 2];

/** Ajv with the non-standard numeric formats of the ACP schema (generated from Rust types). */
function newAjv() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const intRange = (min, max) => (n) => Number.isInteger(n) && n >= min && n <= max;
  ajv.addFormat("int32", { type: "number", validate: intRange(-(2 ** 31), 2 ** 31 - 1) });
  ajv.addFormat("uint16", { type: "number", validate: intRange(0, 2 ** 16 - 1) });
  ajv.addFormat("uint32", { type: "number", validate: intRange(0, 2 ** 32 - 1) });
  // 64-bit values beyond 2^53 cannot be represented exactly by JSON.parse anyway.
  ajv.addFormat("int64", { type: "number", validate: (n) => Number.isInteger(n) });
  ajv.addFormat("uint64", { type: "number", validate: (n) => Number.isInteger(n) && n >= 0 });
  ajv.addFormat("double", { type: "number", validate: (n) => Number.isFinite(n) });
  ajv.addFormat("uri", { type: "string", validate: (s) => /^[A-Za-z][A-Za-z0-9+.-]*:/.test(s) });
  // v2 only: RFC 3339 timestamps (session info, session list) and regular expressions (elicitation).
  ajv.addFormat("date-time", {
    type: "string",
    validate: (s) => /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)),
  });
  ajv.addFormat("regex", {
    type: "string",
    validate: (s) => {
      try {
        new RegExp(s, "u");
        return true;
      } catch {
        return false;
      }
    },
  });
  return ajv;
}

/** The schema of one ACP protocol version, with its method-to-type lookups and validators. */
class AcpSchema {
  #ajv = newAjv();
  #id;
  #defs;
  #validators = new Map();

  constructor(version, { closed = false } = {}) {
    this.version = version;
    this.closed = closed;
    this.#id = `acp:v${version}${closed ? ":closed" : ""}`;
    const published = require(`@agentclientprotocol/sdk/schema/v${version}/schema.json`);
    const schema = closed ? closeOpenValues(structuredClone(published)) : published;
    this.#defs = schema.$defs;
    this.#ajv.addSchema(schema, this.#id);
  }

  /** Compiled validator for one `$defs` entry (cached). */
  validatorFor(defName) {
    if (!(defName in this.#defs)) throw new Error(`ACP v${this.version} schema has no $defs/${defName}`);
    let v = this.#validators.get(defName);
    if (!v) {
      v = this.#ajv.getSchema(`${this.#id}#/$defs/${defName}`);
      this.#validators.set(defName, v);
    }
    return v;
  }

  #findDef(side, method, suffixes) {
    for (const [name, def] of Object.entries(this.#defs)) {
      if (def["x-side"] === side && def["x-method"] === method && suffixes.some((s) => name.endsWith(s))) {
        return name;
      }
    }
    return undefined;
  }

  /** `$defs` name for the result of an agent-handled request `method`, if any. */
  responseDefFor(method) {
    return this.#findDef("agent", method, ["Response"]);
  }

  /**
   * `$defs` name for the params of a request/notification the agent sends, if any:
   * client methods (x-side "client"), and protocol notifications both sides send,
   * such as `$/cancel_request` (x-side "protocol").
   */
  agentToClientDefFor(method, isRequest) {
    const suffixes = [isRequest ? "Request" : "Notification"];
    return this.#findDef("client", method, suffixes) ?? this.#findDef("protocol", method, suffixes);
  }

  /**
   * Validates `value` against `$defs/<defName>`.
   * Returns null when valid, or a readable error string.
   */
  validateDef(defName, value) {
    const v = this.validatorFor(defName);
    if (v(value)) return null;
    return this.#ajv.errorsText(v.errors, { dataVar: defName, separator: "; " });
  }
}

/** The pattern an open value must match in a closed schema: an implementation-specific extension. */
export const EXTENSION_VALUE = "^_";

/**
 * Restricts every `other` branch of `schema` (in place) to `_`-prefixed values:
 * a string enum's `other` string, or the discriminator (first required property)
 * of a union's `other` object. Returns the schema.
 */
function closeOpenValues(schema) {
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== "object") return;
    if (node.title === "other") {
      if (node.type === "string") node.pattern = EXTENSION_VALUE;
      else if (node.type === "object" && node.required?.length && node.properties?.[node.required[0]]?.type === "string") {
        node.properties[node.required[0]] = { ...node.properties[node.required[0]], pattern: EXTENSION_VALUE };
      } else throw new Error(`an "other" branch this closing does not know: ${JSON.stringify(node).slice(0, 200)}`);
    }
    Object.values(node).forEach(walk);
  };
  walk(schema);
  return schema;
}

const schemas = new Map();

/**
 * The schema of ACP protocol `version` (1 or 2), compiled once; `closed`: its
 * open values restricted to `_` extensions (see `closeOpenValues`).
 */
export function acpSchema(version = 1, { closed = false } = {}) {
  if (!SCHEMA_VERSIONS.includes(version)) throw new Error(`no ACP schema for protocol version ${version}`);
  const key = `${version}${closed ? ":closed" : ""}`;
  let s = schemas.get(key);
  if (!s) {
    s = new AcpSchema(version, { closed });
    schemas.set(key, s);
  }
  return s;
}

const v1 = acpSchema(1);

/** v1: compiled validator for one `$defs` entry (cached). */
export const validatorFor = (defName) => v1.validatorFor(defName);

/** v1: `$defs` name for the result of an agent-handled request `method`, if any. */
export const responseDefFor = (method) => v1.responseDefFor(method);

/** v1: `$defs` name for the params of a request/notification the agent sends, if any. */
export const agentToClientDefFor = (method, isRequest) => v1.agentToClientDefFor(method, isRequest);

/** v1: validates `value` against `$defs/<defName>`; null when valid, else a readable error. */
export const validateDef = (defName, value) => v1.validateDef(defName, value);
