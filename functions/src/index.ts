/** Wires the Cloud Functions to their handlers; nothing else lives here. */
import { onRequest } from 'firebase-functions/v2/https';
import { createApiHandler } from './api/app';
import { REGION } from './config';
import { productionDependencies } from './dependencies';

export const api = onRequest({ region: REGION }, createApiHandler(productionDependencies()));
