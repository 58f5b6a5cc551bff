// JSON Schema validation of agent-sent messages against the ACP v1 schema that
// ships inside @agentclientprotocol/sdk.
//
// The schema is one big draft 2020-12 document whose `$defs` carry two
// annotations: `x-method` (the JSON-RPC method the type belongs to) and
// `x-side` (the side that *handles* that method). So for a message the agent
// sends we look for:
//   - a response to method M     -> the `*Response` def with x-side "agent", x-method M
//   - a request/notification M   -> the `*Request`/`*Notification` def with x-side "client", x-method M
//     (or x-side "protocol", for `$/cancel_request`)
// Extension methods (names starting with "_") have no def and are not validated.

import { createRequire } from "node:module";
import Ajv2020 from "ajv/dist/2020.js";

const require = createRequire(import.meta.url);
const SCHEMA_ID = "acp:v1";
const schema = require("@agentclientprotocol/sdk/schema/v1/schema.json");

const ajv = new Ajv2020({ strict: false, allErrors: true });

// Non-standard numeric formats used by the ACP schema (generated from Rust types).
const intRange = (min, max) => (n) => Number.isInteger(n) && n >= min && n <= max;
ajv.addFormat("int32", { type: "number", validate: intRange(-(2 ** 31), 2 ** 31 - 1) });
ajv.addFormat("uint16", { type: "number", validate: intRange(0, 2 ** 16 - 1) });
ajv.addFormat("uint32", { type: "number", validate: intRange(0, 2 ** 32 - 1) });
// 64-bit values beyond 2^53 cannot be represented exactly by JSON.parse anyway.
ajv.addFormat("int64", { type: "number", validate: (n) => Number.isInteger(n) });
ajv.addFormat("uint64", { type: "number", validate: (n) => Number.isInteger(n) && n >= 0 });
ajv.addFormat("double", { type: "number", validate: (n) => Number.isFinite(n) });
ajv.addFormat("uri", { type: "string", validate: (s) => /^[A-Za-z][A-Za-z0-9+.-]*:/.test(s) });

ajv.addSchema(schema, SCHEMA_ID);

const defs = schema.$defs;
const validators = new Map();

/** Compiled validator for one `$defs` entry (cached). */
export function validatorFor(defName) {
  if (!(defName in defs)) throw new Error(`ACP schema has no $defs/${defName}`);
  let v = validators.get(defName);
  if (!v) {
    v = ajv.getSchema(`${SCHEMA_ID}#/$defs/${defName}`);
    validators.set(defName, v);
  }
  return v;
}

function findDef(side, method, suffixes) {
  for (const [name, def] of Object.entries(defs)) {
    if (def["x-side"] === side && def["x-method"] === method && suffixes.some((s) => name.endsWith(s))) {
      return name;
    }
  }
  return undefined;
}

/** `$defs` name for the result of an agent-handled request `method`, if any. */
export function responseDefFor(method) {
  return findDef("agent", method, ["Response"]);
}

/**
 * `$defs` name for the params of a request/notification the agent sends, if any:
 * client methods (x-side "client"), and protocol notifications both sides send,
 * such as `$/cancel_request` (x-side "protocol").
 */
export function agentToClientDefFor(method, isRequest) {
  const suffixes = [isRequest ? "Request" : "Notification"];
  return findDef("client", method, suffixes) ?? findDef("protocol", method, suffixes);
}

/**
 * Validates `value` against `$defs/<defName>`.
 * Returns null when valid, or a readable error string.
 */
export function validateDef(defName, value) {
  const v = validatorFor(defName);
  if (v(value)) return null;
  return ajv.errorsText(v.errors, { dataVar: defName, separator: "; " });
}
