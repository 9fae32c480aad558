// The corpus through a client generated from docs/openapi.json (openapi-typescript for the types,
// openapi-fetch for the calls), against the real server that tests/tests/ops/openapi_client.rs
// starts. `tsc` type-checks this file against the generated `paths` first, so a document that
// stops describing the calls made here fails to compile. Prints one NDJSON line per corpus case,
// {"name", "status", "body"}; the Rust test checks each with the corpus checker.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import createClient from "openapi-fetch";
import type { paths } from "./generated/lookback.js";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const client = createClient<paths>({ baseUrl: required("LOOKBACK_BASE_URL") });
// No call may hang the test: each one gives up after this long.
const CALL_LIMIT_MS = 30_000;
const corpusDir = required("LOOKBACK_CORPUS_DIR");

const token = await client.POST("/auth/token", {
  params: { header: { "X-API-Key": required("LOOKBACK_API_KEY") } },
  signal: AbortSignal.timeout(CALL_LIMIT_MS),
});
if (!token.data) throw new Error(`POST /auth/token answered ${token.response.status}`);
const authorization = `Bearer ${token.data.access_token}`;

type EvaluateBody = paths["/evaluate"]["post"]["requestBody"]["content"]["application/json"];

for (const file of readdirSync(corpusDir).filter((f) => f.endsWith(".json")).sort()) {
  const corpusCase = JSON.parse(readFileSync(join(corpusDir, file), "utf8"));
  const request: EvaluateBody = corpusCase.request;
  const { data, error, response } = await client.POST("/evaluate", {
    headers: { Authorization: authorization },
    body: request,
    signal: AbortSignal.timeout(CALL_LIMIT_MS),
  });
  // The typed answer: a decision's label is one of the document's enum values.
  const label: "REPORTABLE" | "NOT_REPORTABLE" | "MANUAL_REVIEW" | undefined =
    data?.data.decision?.record_decision;
  const name = file.replace(/\.json$/, "");
  process.stdout.write(
    JSON.stringify({ name, status: response.status, label: label ?? null, body: data ?? error }) + "\n",
  );
}
