// Preloaded into the firebase-tools process of the local stack (`testkit/src/local-stack/start.ts`): its
// Functions emulator answers every HTTPS call through an express app of its own, in front of the
// function's runtime, and copies the runtime's headers onto an answer that already says
// `X-Powered-By: Express`; the Hosting emulator passes it on. In production nothing adds it (the
// Functions Framework disables it, Hosting adds none), so the local stack must not either: its
// express apps are created with the header off. The function's own runtime is a separate
// process; the API removes the header there itself (functions/src/api/http.ts).
'use strict';
const { createRequire } = require('node:module');

const fromFirebaseTools = createRequire(require.resolve('firebase-tools/package.json'));
const express = fromFirebaseTools('express');
const init = express.application.init;
express.application.init = function initWithoutPoweredBy(...args) {
  const result = init.apply(this, args);
  this.disable('x-powered-by');
  return result;
};
