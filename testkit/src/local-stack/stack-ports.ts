/** The ports of a local stack: `npm start`'s fixed ones, or free ones chosen for a test run. */
import { connect } from 'node:net';

export interface StackPorts {
  hosting: number;
  functions: number;
  auth: number;
  hub: number;
  logging: number;
  firestore: number;
  stripe: number;
}

/** `npm start`'s ports (README.md, "What `npm start` runs"). */
export const DEFAULT_PORTS: StackPorts = {
  hosting: 5000,
  functions: 5001,
  auth: 9099,
  hub: 4400,
  logging: 4500,
  firestore: 8080,
  stripe: 12111,
};

export async function assertPortsFree(ports: StackPorts) {
  for (const [service, port] of Object.entries(ports)) {
    if (await portInUse(port)) {
      throw new Error(
        `Port ${port} (${service}) is already in use. Is another "npm start" or test run still going?`,
      );
    }
  }
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}
