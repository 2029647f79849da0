import { describe, expect, it } from 'vitest';
import {
  assertProductionFirebaseSettings,
  FIREBASE_SETTINGS,
  productionFirebaseSettings,
} from './firebase-settings';

const real = {
  VITE_FIREBASE_API_KEY: 'AIzaSyA-real-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'donativos.example.org',
  VITE_FIREBASE_PROJECT_ID: 'parroquia-asturias',
  VITE_FIREBASE_APP_ID: '1:123456789:web:abcdef',
};

describe('a production build and the Firebase settings', () => {
  it('stops with one line naming every setting missing', () => {
    expect(() => assertProductionFirebaseSettings({})).toThrow(
      new RegExp(
        `^production build without the real Firebase settings: set ${FIREBASE_SETTINGS.join(', ')} in web/.env.production`,
      ),
    );
    const { VITE_FIREBASE_APP_ID: _dropped, ...noAppId } = real;
    expect(() => assertProductionFirebaseSettings(noAppId)).toThrow(/set VITE_FIREBASE_APP_ID in/);
  });

  it("stops on the demo project's values, which exist nowhere", () => {
    expect(() =>
      assertProductionFirebaseSettings({ ...real, VITE_FIREBASE_PROJECT_ID: 'demo-parroquia' }),
    ).toThrow(/set VITE_FIREBASE_PROJECT_ID in/);
    expect(() =>
      assertProductionFirebaseSettings({ ...real, VITE_FIREBASE_API_KEY: 'demo-api-key' }),
    ).toThrow(/set VITE_FIREBASE_API_KEY in/);
  });

  it('lets a build with the real settings, or one for the local emulators, through', () => {
    expect(() => assertProductionFirebaseSettings(real)).not.toThrow();
    expect(() => assertProductionFirebaseSettings({ VITE_USE_EMULATORS: 'true' })).not.toThrow();
  });

  it('is checked by the build (the Vite plugin), not by the dev server', () => {
    const plugin = productionFirebaseSettings();
    expect(() => plugin.configResolved({ env: {}, command: 'build' })).toThrow(/production build/);
    expect(() => plugin.configResolved({ env: {}, command: 'serve' })).not.toThrow();
  });
});
