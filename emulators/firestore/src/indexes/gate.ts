/**
 * The index check every query passes before it runs (RunQuery, aggregations, listen targets):
 * in `enforce` mode a query production would refuse gets FAILED_PRECONDITION; in `warn` mode it
 * runs, and the index it needs is logged once and gathered into `indexes-needed.json`, a file in
 * the format of `firestore.indexes.json`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Code, FirestoreError } from '../backend.ts';
import type { StructuredQuery } from '../proto-types.ts';
import type { DbRef } from '../core/paths.ts';
import type { IndexGate } from '../core/state.ts';
import { EMPTY_CONFIG, type IndexConfig } from './config.ts';
import { definitionFor, indexNeededMessage, type IndexDefinitions } from './message.ts';
import { indexesNeededFor } from './planner.ts';

export type IndexMode = 'enforce' | 'warn';

export const NEEDED_FILE = 'indexes-needed.json';

export class IndexEnforcer implements IndexGate {
  private config: IndexConfig = EMPTY_CONFIG;
  private readonly needed = new Map<string, IndexDefinitions>();

  constructor(
    private readonly mode: IndexMode,
    private readonly log: (line: string) => void,
    /** Where warn mode writes `indexes-needed.json`. */
    private readonly neededDir?: string,
  ) {}

  setConfig(config: IndexConfig): void {
    this.config = config;
  }

  check(db: DbRef, structuredQuery: StructuredQuery): void {
    const needs = indexesNeededFor(structuredQuery, this.config);
    if (needs.length === 0) return;
    const message = indexNeededMessage(db, needs);
    if (this.mode === 'enforce') throw new FirestoreError(Code.FAILED_PRECONDITION, message);
    const definition = definitionFor(needs);
    const key = JSON.stringify(definition);
    if (this.needed.has(key)) return;
    this.needed.set(key, definition);
    this.log(`firestore emulator: production would refuse this query. ${message}`);
    this.writeNeeded();
  }

  /** Every index this run needed, as one `firestore.indexes.json`. */
  neededIndexes(): IndexDefinitions {
    const all = [...this.needed.values()];
    return {
      indexes: all.flatMap((d) => d.indexes),
      fieldOverrides: all.flatMap((d) => d.fieldOverrides),
    };
  }

  private writeNeeded(): void {
    if (!this.neededDir) return;
    try {
      fs.mkdirSync(this.neededDir, { recursive: true });
      const file = path.join(this.neededDir, NEEDED_FILE);
      fs.writeFileSync(`${file}.tmp`, JSON.stringify(this.neededIndexes(), null, 2) + '\n');
      fs.renameSync(`${file}.tmp`, file);
    } catch (e) {
      this.log(`firestore emulator: cannot write ${NEEDED_FILE}: ${(e as Error).message}`);
    }
  }
}
