/**
 * What `firebase deploy` uploads: `package.json` and `lib/`. Built, copied alone, and loaded
 * with Node 22 against node_modules WITHOUT the workspace packages, the bundle must stand.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const FUNCTIONS = fileURLToPath(new URL('..', import.meta.url));
const ROOT = resolve(FUNCTIONS, '..');
const NODE_22 = join(ROOT, 'node_modules/.bin/node');

let deployDir: string;

beforeAll(() => {
  // As `npm run build` does (tsx: build.mjs reads TypeScript, ../build/ and build/church-plan-image.ts).
  execFileSync(NODE_22, ['--import', 'tsx', 'build.mjs'], { cwd: FUNCTIONS, stdio: 'pipe' });
  deployDir = mkdtempSync(join(tmpdir(), 'functions-deploy-'));
  cpSync(join(FUNCTIONS, 'package.json'), join(deployDir, 'package.json'));
  cpSync(join(FUNCTIONS, 'lib'), join(deployDir, 'lib'), { recursive: true });
  const modules = join(deployDir, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry === '@parroquia') continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
}, 60_000);

afterAll(() => {
  if (deployDir) rmSync(deployDir, { recursive: true, force: true });
});

describe('the deployable functions folder', () => {
  it('does not list the workspace domain package as a dependency', () => {
    const manifest = JSON.parse(readFileSync(join(FUNCTIONS, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(manifest.main).toBe('lib/index.js');
    expect(manifest.engines).toEqual({ node: '22' });
    expect(JSON.stringify(manifest)).not.toContain('@parroquia');
    // Cloud Build runs `npm run build` unless gcp-build is empty, and build.mjs is not uploaded.
    expect((manifest.scripts as Record<string, string>)['gcp-build']).toBe('');
  });

  it('has the domain code inside the bundle, not as a reference', () => {
    const bundle = readFileSync(join(deployDir, 'lib/index.js'), 'utf8');
    expect(bundle).not.toContain('@parroquia/domain');
    expect(bundle).toContain('effectiveCell');
  });

  it('leaves the native preview renderer outside, listed as a dependency the deploy installs', () => {
    const manifest = JSON.parse(readFileSync(join(FUNCTIONS, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies['@resvg/resvg-js']).toBeDefined();
    const bundle = readFileSync(join(deployDir, 'lib/index.js'), 'utf8');
    // Imported at run time from node_modules (a dynamic import, loaded by the route's first use).
    expect(bundle).toContain('import("@resvg/resvg-js")');
    expect(bundle).not.toContain('resvgjs.linux-x64-gnu.node');
  });

  it('loads alone with Node 22, exports api, and creates no Firebase app at load', () => {
    const probe = `
      const loaded = require('./lib/index.js');
      const { getApps } = require('firebase-admin/app');
      let domainResolves = true;
      try { require.resolve('@parroquia/domain'); } catch { domainResolves = false; }
      console.log(JSON.stringify({
        node: process.versions.node,
        exports: Object.keys(loaded),
        apiType: typeof loaded.api,
        endpoint: loaded.api.__endpoint,
        apps: getApps().length,
        domainResolves,
      }));
    `;
    const output = execFileSync(NODE_22, ['-e', probe], {
      cwd: deployDir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    });
    const report = JSON.parse(output.trim().split('\n').at(-1)!) as {
      node: string;
      exports: string[];
      apiType: string;
      endpoint: {
        region?: string[];
        httpsTrigger?: unknown;
        availableMemoryMb?: number;
        cpu?: number;
        maxInstances?: number;
        timeoutSeconds?: number;
      };
      apps: number;
      domainResolves: boolean;
    };
    expect(report.node.split('.')[0]).toBe('22');
    expect(report.exports).toEqual(['api', 'sweepPlots', 'verifyPage']);
    expect(report.apiType).toBe('function');
    expect(report.endpoint.region).toEqual(['europe-west1']);
    expect(report.endpoint.httpsTrigger).toBeDefined();
    // Sized explicitly for printing PDFs (issue 40 item 5), not left to the platform's 256 MB.
    expect(report.endpoint).toMatchObject({
      availableMemoryMb: 1024,
      cpu: 1,
      maxInstances: 10,
      timeoutSeconds: 60,
    });
    expect(report.apps).toBe(0);
    expect(report.domainResolves).toBe(false);
  });
});
