/** Browser page for the WebChannel tests: exposes the web SDK (browser build) as window.fb. */
import * as app from 'firebase/app';
import * as firestore from 'firebase/firestore';

(globalThis as unknown as { fb: unknown }).fb = { ...app, ...firestore };
(globalThis as unknown as { fbReady: boolean }).fbReady = true;
