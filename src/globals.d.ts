/** Injected by scripts/build.js (rolldown define); tests run from source read package.json. */
declare const __RENTSURVEY_VERSION__: string | undefined;

// JSON.rawJSON (Node 21+; in TypeScript's lib from es2026 on): a number written with the digits
// given, so that --dollars prints 1234.50 in ndjson.
interface JSON {
  rawJSON(text: string): unknown;
}

/** The report's chart worker, a file beside the built chunks (scripts/build.js); undefined run from source. */
declare const __CHART_WORKER__: string | undefined;
