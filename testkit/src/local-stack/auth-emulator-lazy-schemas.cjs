// Preloaded into the firebase-tools process of the local stack (`testkit/src/local-stack/start.ts`):
// its Auth emulator serves Google's Identity Toolkit through exegesis, which by default compiles a
// JSON-schema validator for every parameter and answer of the whole API when the emulator starts,
// about 9 CPU-seconds of each stack's start-up (a third of the process's CPU time over two
// journey files). Compiled on first use instead (exegesis's own `lazyCompileValidationSchemas`),
// only the few operations the site calls are compiled, and each request is checked as before.
'use strict';
const { createRequire } = require('node:module');

const fromFirebaseTools = createRequire(require.resolve('firebase-tools/package.json'));
const exegesisOptions = fromFirebaseTools('exegesis/lib/options');
const compileOptions = exegesisOptions.compileOptions;
exegesisOptions.compileOptions = function compileOptionsLazily(options = {}) {
  return compileOptions({ lazyCompileValidationSchemas: true, ...options });
};
