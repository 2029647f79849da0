/**
 * Which `allow` statements apply to a request path, and what their wildcards capture. Match
 * blocks are flattened once at compile time into statements carrying their full pattern.
 */
import type { AllowStatement, FunctionDeclaration, MatchBlock, MatchSegment, Ruleset } from './ast.ts';
import { RulesPath, type RulesValue } from './values.ts';

export interface FlatAllow {
  statement: AllowStatement;
  pattern: MatchSegment[];
  /** Functions visible to the statement, outermost first (inner ones shadow outer ones). */
  functions: FunctionDeclaration[];
}

export function flattenRuleset(ruleset: Ruleset): FlatAllow[] {
  const result: FlatAllow[] = [];
  const visit = (block: MatchBlock, prefix: MatchSegment[], functions: FunctionDeclaration[]): void => {
    const pattern = [...prefix, ...block.pattern];
    const visible = [...functions, ...block.functions];
    for (const statement of block.allows) result.push({ statement, pattern, functions: visible });
    for (const inner of block.matches) visit(inner, pattern, visible);
  };
  for (const block of ruleset.matches) visit(block, [], ruleset.functions);
  return result.sort((a, b) => a.statement.position.offset - b.statement.position.offset);
}

/** A path segment whose value a list query cannot know: the id of each document it returns. */
export interface UnknownSegment {
  unknown: RulesValue;
}

export type PathSegment = string | UnknownSegment;

/** Captured wildcards, or null when the pattern does not match the whole path. */
export function matchPattern(
  pattern: MatchSegment[],
  path: PathSegment[],
  version: '1' | '2',
): Map<string, RulesValue> | null {
  const bindings = new Map<string, RulesValue>();
  const walk = (patternIndex: number, pathIndex: number): boolean => {
    if (patternIndex === pattern.length) return pathIndex === path.length;
    const segment = pattern[patternIndex]!;
    if (segment.kind === 'recursive') {
      const minimum = version === '2' ? 0 : 1;
      for (let end = path.length; end >= pathIndex + minimum; end--) {
        const captured = path.slice(pathIndex, end);
        if (captured.some((part) => typeof part !== 'string') && end !== path.length) continue;
        if (walk(patternIndex + 1, end)) {
          const known = captured.filter((part): part is string => typeof part === 'string');
          bindings.set(segment.name, new RulesPath(known));
          return true;
        }
      }
      return false;
    }
    const part = path[pathIndex];
    if (part === undefined) return false;
    if (segment.kind === 'literal') {
      if (typeof part !== 'string' || part !== segment.text) return false;
      return walk(patternIndex + 1, pathIndex + 1);
    }
    if (!walk(patternIndex + 1, pathIndex + 1)) return false;
    bindings.set(segment.name, typeof part === 'string' ? part : part.unknown);
    return true;
  };
  return walk(0, 0) ? bindings : null;
}
