/**
 * Decides one request: every `allow` naming its method whose pattern matches the path is
 * evaluated in source order; one true grants. Otherwise the denial lists each statement's
 * outcome in Google's form (`false for 'get' @ L6`), or says no statement matched.
 */
import type { Ruleset } from './ast.ts';
import type { RulesDecision, RulesDocumentLookup, RulesMethod, RulesRequest } from './contract.ts';
import { RequestBudget } from './documents.ts';
import { typeErrorMessage } from './operators.ts';
import { Evaluator, Scope } from './evaluator.ts';
import { flattenRuleset, matchPattern, type FlatAllow, type PathSegment } from './matcher.ts';
import { listDocumentId, listFacts, requestValue, resourceFor } from './request-values.ts';
import { pathFromResourceName, RulesEvaluationError, type QueryFacts, type RulesValue } from './values.ts';

const METHODS_OF: Record<string, RulesMethod[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

export class RulesAuthorizer {
  private readonly allows: FlatAllow[];

  constructor(private readonly ruleset: Ruleset) {
    this.allows = flattenRuleset(ruleset);
  }

  authorize(request: RulesRequest, lookup: RulesDocumentLookup): RulesDecision {
    const projectPrefix = request.path.split('/').slice(0, 2).join('/');
    const evaluator = new Evaluator(new RequestBudget(lookup, projectPrefix));
    const facts = request.method === 'list' ? listFacts(request) : null;
    const globals = new Map<string, RulesValue>([
      ['request', requestValue(request)],
      ['resource', resourceFor(request, facts)],
    ]);
    const outcomes: string[] = [];
    for (const candidate of this.candidates(request, facts)) {
      const { allow, bindings } = candidate;
      const condition = allow.statement.condition;
      if (!condition) return { allowed: true };
      const where = `for '${request.method}' @ L${allow.statement.position.line}`;
      try {
        const result = evaluator.evaluate(condition, this.scopeFor(allow, globals, bindings));
        if (result === true) return { allowed: true };
        outcomes.push(result === false ? `false ${where}` : `${typeErrorMessage(result)} ${where}`);
      } catch (error) {
        if (!(error instanceof RulesEvaluationError)) throw error;
        outcomes.push(`${error.message} ${where}`);
      }
    }
    if (outcomes.length === 0) return { allowed: false, message: 'No matching allow statements' };
    return { allowed: false, message: `\n${outcomes.join(', ')}` };
  }

  private *candidates(
    request: RulesRequest,
    facts: QueryFacts | null,
  ): Generator<{ allow: FlatAllow; bindings: Map<string, RulesValue> }> {
    const path = this.requestPath(request, facts);
    for (const allow of this.allows) {
      if (!allow.statement.methods.some((method) => METHODS_OF[method]!.includes(request.method))) continue;
      const bindings = request.allDescendants
        ? this.matchCollectionGroup(allow, path)
        : matchPattern(allow.pattern, path, this.ruleset.version);
      if (bindings) yield { allow, bindings };
    }
  }

  private requestPath(request: RulesRequest, facts: QueryFacts | null): PathSegment[] {
    const segments: PathSegment[] = pathFromResourceName(request.path).segments;
    return facts ? [...segments, { unknown: listDocumentId(facts) }] : segments;
  }

  /**
   * A collection group query reads `collectionId` under any parent: a statement applies when
   * its pattern reaches that collection through a recursive wildcard, whatever the parent.
   */
  private matchCollectionGroup(allow: FlatAllow, path: PathSegment[]): Map<string, RulesValue> | null {
    const database = path.slice(0, 3);
    const tail = path.slice(-2);
    const recursive = allow.pattern.findIndex((segment) => segment.kind === 'recursive');
    if (recursive < 0) return null;
    const head = matchPattern(allow.pattern.slice(0, recursive), database, this.ruleset.version);
    if (!head) return null;
    const rest = allow.pattern.slice(recursive + 1);
    const bindings = rest.length === 0 ? new Map<string, RulesValue>() : matchPattern(rest, tail, this.ruleset.version);
    if (!bindings) return null;
    for (const [name, value] of head) bindings.set(name, value);
    bindings.set((allow.pattern[recursive] as { name: string }).name, null);
    return bindings;
  }

  private scopeFor(allow: FlatAllow, globals: Map<string, RulesValue>, bindings: Map<string, RulesValue>): Scope {
    const functions = new Map(allow.functions.map((declared) => [declared.name, declared]));
    const variables = new Map(globals);
    for (const [name, value] of bindings) variables.set(name, value);
    return new Scope(variables, functions);
  }
}
