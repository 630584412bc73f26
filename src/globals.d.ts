/** Injected by scripts/build.js (esbuild define); tests run from source read package.json. */
declare const __RENTSURVEY_VERSION__: string | undefined;
