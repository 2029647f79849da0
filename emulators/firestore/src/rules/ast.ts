/** The syntax tree of a rules file, as the parser builds it and the evaluator walks it. */
import type { SourcePosition } from './lexer.ts';
import type { RulesValue } from './values.ts';

export type Expression =
  | { kind: 'literal'; value: RulesValue; position: SourcePosition }
  | { kind: 'identifier'; name: string; position: SourcePosition }
  | { kind: 'member'; object: Expression; name: string; position: SourcePosition }
  | { kind: 'index'; object: Expression; index: Expression; position: SourcePosition }
  | {
      kind: 'slice';
      object: Expression;
      start: Expression | null;
      end: Expression | null;
      position: SourcePosition;
    }
  | { kind: 'call'; callee: Expression; args: Expression[]; position: SourcePosition }
  | { kind: 'unary'; operator: '!' | '-'; operand: Expression; position: SourcePosition }
  | {
      kind: 'binary';
      operator: BinaryOperator;
      left: Expression;
      right: Expression;
      position: SourcePosition;
    }
  | { kind: 'is'; operand: Expression; typeName: string; position: SourcePosition }
  | {
      kind: 'conditional';
      condition: Expression;
      whenTrue: Expression;
      whenFalse: Expression;
      position: SourcePosition;
    }
  | { kind: 'list'; items: Expression[]; position: SourcePosition }
  | { kind: 'map'; entries: [Expression, Expression][]; position: SourcePosition }
  | { kind: 'path'; segments: PathLiteralSegment[]; position: SourcePosition };

export type BinaryOperator =
  | '&&' | '||' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

/** One segment of a path literal: text, a `$(expression)`, or a mix of both. */
export type PathLiteralSegment = (string | Expression)[];

export type MatchSegment =
  | { kind: 'literal'; text: string }
  | { kind: 'wildcard'; name: string }
  | { kind: 'recursive'; name: string };

export type RuleMethodName = 'read' | 'write' | 'get' | 'list' | 'create' | 'update' | 'delete';

export interface AllowStatement {
  methods: RuleMethodName[];
  /** Null for `allow read;`, which grants without a condition. */
  condition: Expression | null;
  position: SourcePosition;
}

export interface FunctionDeclaration {
  name: string;
  parameters: string[];
  bindings: { name: string; value: Expression }[];
  body: Expression;
  position: SourcePosition;
}

export interface MatchBlock {
  pattern: MatchSegment[];
  allows: AllowStatement[];
  functions: FunctionDeclaration[];
  matches: MatchBlock[];
  position: SourcePosition;
}

export interface Ruleset {
  version: '1' | '2';
  /** Functions declared in the service body, visible to every match. */
  functions: FunctionDeclaration[];
  matches: MatchBlock[];
}
