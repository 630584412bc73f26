// `npm run dev -- <args>`: the CLI from source, without a build. tsx compiles
// each TypeScript file as it loads (Node's own type stripping cannot: our
// imports name `.js` files and a few classes use parameter properties), and
// its source maps make stack traces name src/ files. Everything else is what
// bin/rentsurvey.js does with the build.
import { launch } from '../bin/launch.js';

await launch(() => import('../src/cli/main.ts'));
