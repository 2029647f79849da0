/**
 * Security rules applied to requests: the one implementation of the core's AccessHooks. Rules
 * are kept per project (`PUT .../projects/{p}:securityRules`) over the rules of the file given
 * at start (`--rules`); a project with neither allows everything, as Google's emulator does.
 */
import { Code, FirestoreError, type Caller } from './backend.ts';
import type { AccessHooks, ListAccess } from './core/access-hooks.ts';
import type { Micros } from './core/clock.ts';
import { docName, parseDocumentName } from './core/paths.ts';
import type { Database, StoredDoc } from './core/storage.ts';
import type { StagedCommit } from './core/writes.ts';
import type {
  CompiledRules,
  RulesDecision,
  RulesDocument,
  RulesDocumentLookup,
  RulesRequest,
} from './rules/contract.ts';

export class RulesRegistry {
  private fileRules: CompiledRules | undefined;
  private readonly projectRules = new Map<string, CompiledRules>();

  /** The rules of the `--rules` file, for every project without rules of its own. */
  setFileRules(rules: CompiledRules | undefined): void {
    this.fileRules = rules;
  }

  setProjectRules(projectId: string, rules: CompiledRules): void {
    this.projectRules.set(projectId, rules);
  }

  rulesFor(projectId: string): CompiledRules | undefined {
    return this.projectRules.get(projectId) ?? this.fileRules;
  }
}

function toRulesDocument(database: Database, path: string, doc: StoredDoc | null) {
  return doc ? { name: docName(database.name, path), fields: doc.fields } : null;
}

/** `get()`/`exists()` read the stored documents of the request's database. */
function storedLookup(database: Database, staged?: StagedCommit): RulesDocumentLookup {
  const find = (name: string, after: boolean): RulesDocument | null => {
    let path: string;
    try {
      const parsed = parseDocumentName(name);
      if (parsed.db !== database.name) return null;
      path = parsed.path;
    } catch {
      return null;
    }
    const doc = after && staged?.staged.has(path) ? staged.staged.get(path)! : database.get(path);
    return toRulesDocument(database, path, doc);
  };
  return { before: (name) => find(name, false), after: (name) => find(name, true) };
}

function enforce(decision: RulesDecision): void {
  if (!decision.allowed) throw new FirestoreError(Code.PERMISSION_DENIED, decision.message);
}

function authOf(caller: Caller): RulesRequest['auth'] {
  return caller.owner ? null : caller.auth;
}

function nowMicros(): Micros {
  return Date.now() * 1000;
}

export function createAccessHooks(registry: RulesRegistry): AccessHooks {
  return {
    get(caller, database, path, doc) {
      const rules = registry.rulesFor(database.project);
      if (!rules) return;
      const request: RulesRequest = {
        method: 'get',
        path: docName(database.name, path),
        auth: authOf(caller),
        timeMicros: nowMicros(),
        resource: toRulesDocument(database, path, doc),
        requestResource: null,
      };
      enforce(rules.authorize(request, storedLookup(database)));
    },

    list(caller, database, list: ListAccess) {
      const rules = registry.rulesFor(database.project);
      if (!rules) return;
      const request: RulesRequest = {
        method: 'list',
        path: docName(database.name, list.collectionPath),
        auth: authOf(caller),
        timeMicros: nowMicros(),
        resource: null,
        requestResource: null,
        query: list.structuredQuery,
        allDescendants: list.allDescendants,
      };
      enforce(rules.authorize(request, storedLookup(database)));
    },

    /** Each write is decided on its own; `getAfter()` sees the state after the whole commit. */
    commit(caller, database, commit, commitTime) {
      const rules = registry.rulesFor(database.project);
      if (!rules) return;
      const lookup = storedLookup(database, commit);
      for (const write of commit.writes) {
        if (write.operation === 'verify') continue;
        const original = commit.original.get(write.path) ?? null;
        const method = write.operation === 'delete' ? 'delete' : original ? 'update' : 'create';
        const request: RulesRequest = {
          method,
          path: write.name,
          auth: authOf(caller),
          timeMicros: commitTime,
          resource: toRulesDocument(database, write.path, original),
          requestResource:
            method === 'delete' ? null : toRulesDocument(database, write.path, write.after),
        };
        enforce(rules.authorize(request, lookup));
      }
    },
  };
}
