/**
 * Recursive-descent parser for `firestore.rules`. The first syntax error stops it, reported at
 * the position of the offending token as the Firebase tools report it.
 */
import type {
  AllowStatement,
  BinaryOperator,
  Expression,
  FunctionDeclaration,
  MatchBlock,
  MatchSegment,
  PathLiteralSegment,
  RuleMethodName,
  Ruleset,
} from './ast.ts';
import { Lexer, RulesSyntaxError, type Token } from './lexer.ts';

const METHODS: RuleMethodName[] = ['read', 'write', 'get', 'list', 'create', 'update', 'delete'];
const RELATIONS = ['==', '!=', '<', '<=', '>', '>='];
/** What may follow `/` directly in a path: anything else ends the path. */
const PATH_CHAR = /[A-Za-z0-9_\-.~%@]/;

export function parseRuleset(source: string): Ruleset {
  return new Parser(source).ruleset();
}

class Parser {
  private readonly lexer: Lexer;

  constructor(source: string) {
    this.lexer = new Lexer(source);
  }

  ruleset(): Ruleset {
    let version: '1' | '2' = '1';
    if (this.isWord('rules_version')) {
      const keyword = this.lexer.next();
      this.expect('=');
      const literal = this.lexer.next();
      if (literal.kind !== 'string') this.unexpected(literal, 'a string');
      if (literal.value !== '1' && literal.value !== '2') {
        throw new RulesSyntaxError(`Unsupported rules version ${literal.value}.`, keyword.position);
      }
      version = literal.value;
      this.expect(';');
    }
    const ruleset: Ruleset = { version, functions: [], matches: [] };
    while (this.lexer.peek().kind !== 'eof') {
      this.expectWord('service');
      // Another service (cloud.storage) is only a warning to Google: it compiles, and never applies.
      const applies = this.dottedName() === 'cloud.firestore';
      this.expect('{');
      while (!this.isPunct('}')) {
        if (this.isWord('function')) {
          const declared = this.functionDeclaration();
          if (applies) ruleset.functions.push(declared);
        } else if (this.isWord('match')) {
          const block = this.matchBlock();
          if (applies) ruleset.matches.push(block);
        } else this.unexpected(this.lexer.peek(), "'match' or 'function'");
      }
      this.expect('}');
    }
    return ruleset;
  }

  private dottedName(): string {
    let name = this.identifier().text;
    while (this.isPunct('.')) {
      this.lexer.next();
      name += '.' + this.identifier().text;
    }
    return name;
  }

  private matchBlock(): MatchBlock {
    const position = this.lexer.next().position;
    const block: MatchBlock = { pattern: this.matchPattern(), allows: [], functions: [], matches: [], position };
    this.expect('{');
    if (this.isPunct('}')) {
      throw new RulesSyntaxError("The 'match' body must contain at least one declaration.", this.lexer.peek().position);
    }
    while (!this.isPunct('}')) {
      if (this.isWord('allow')) block.allows.push(this.allowStatement());
      else if (this.isWord('match')) block.matches.push(this.matchBlock());
      else if (this.isWord('function')) block.functions.push(this.functionDeclaration());
      else this.unexpected(this.lexer.peek(), "'allow', 'match' or 'function'");
    }
    this.expect('}');
    return block;
  }

  /** `/databases/{database}/documents`, `/{path=**}/posts/{postId}` ... read raw. */
  private matchPattern(): MatchSegment[] {
    const start = this.lexer.peek();
    if (start.text !== '/') this.unexpected(start, "'/'");
    this.lexer.rewindToPeeked();
    const segments: MatchSegment[] = [];
    while (this.lexer.rawChar() === '/') {
      this.lexer.rawAdvance();
      const segmentStart = this.lexer.rawOffset();
      if (this.lexer.rawChar() === '{') {
        const close = this.lexer.source.indexOf('}', segmentStart);
        const inner = close < 0 ? '' : this.lexer.source.slice(segmentStart + 1, close);
        const wildcard = /^([A-Za-z_][A-Za-z0-9_]*)(=\*\*)?$/.exec(inner);
        if (!wildcard) {
          throw new RulesSyntaxError('Invalid wildcard in match path.', this.lexer.positionAt(segmentStart));
        }
        segments.push({ kind: wildcard[2] ? 'recursive' : 'wildcard', name: wildcard[1]! });
        this.lexer.rawAdvance(inner.length + 2);
      } else {
        let text = '';
        while (PATH_CHAR.test(this.lexer.rawChar())) {
          text += this.lexer.rawChar();
          this.lexer.rawAdvance();
        }
        if (text === '') {
          throw new RulesSyntaxError('Empty segment in match path.', this.lexer.positionAt(segmentStart));
        }
        segments.push({ kind: 'literal', text });
      }
    }
    return segments;
  }

  private allowStatement(): AllowStatement {
    const position = this.lexer.next().position;
    const methods: RuleMethodName[] = [];
    for (;;) {
      const method = this.identifier();
      // An unknown method is only a warning to Google: the statement never applies to it.
      if ((METHODS as string[]).includes(method.text)) methods.push(method.text as RuleMethodName);
      if (!this.isPunct(',')) break;
      this.lexer.next();
    }
    let condition: Expression | null = null;
    if (this.isPunct(':')) {
      this.lexer.next();
      this.expectWord('if');
      condition = this.expression();
    }
    // Google's grammar makes the semicolon after an allow statement optional.
    if (this.isPunct(';')) this.lexer.next();
    return { methods, condition, position };
  }

  private functionDeclaration(): FunctionDeclaration {
    const position = this.lexer.next().position;
    const name = this.identifier().text;
    this.expect('(');
    const parameters: string[] = [];
    while (!this.isPunct(')')) {
      parameters.push(this.identifier().text);
      if (!this.isPunct(',')) break;
      this.lexer.next();
    }
    this.expect(')');
    this.expect('{');
    const bindings: FunctionDeclaration['bindings'] = [];
    while (this.isWord('let')) {
      this.lexer.next();
      const binding = this.identifier().text;
      this.expect('=');
      bindings.push({ name: binding, value: this.expression() });
      this.expect(';');
    }
    this.expectWord('return');
    const body = this.expression();
    if (this.isPunct(';')) this.lexer.next();
    this.expect('}');
    return { name, parameters, bindings, body, position };
  }

  // ---- expressions, lowest precedence first ----

  expression(): Expression {
    const condition = this.binaryLevel(0);
    if (!this.isPunct('?')) return condition;
    const position = this.lexer.next().position;
    const whenTrue = this.expression();
    this.expect(':');
    const whenFalse = this.expression();
    return { kind: 'conditional', condition, whenTrue, whenFalse, position };
  }

  private static readonly LEVELS: string[][] = [['||'], ['&&'], RELATIONS, ['+', '-'], ['*', '/', '%']];

  private binaryLevel(level: number): Expression {
    if (level === Parser.LEVELS.length) return this.unary();
    let left = this.binaryLevel(level + 1);
    for (;;) {
      const token = this.lexer.peek();
      const isRelation = level === 2;
      if (isRelation && token.kind === 'identifier' && token.text === 'is') {
        this.lexer.next();
        left = { kind: 'is', operand: left, typeName: this.identifier().text, position: token.position };
        continue;
      }
      const operator = isRelation && token.kind === 'identifier' && token.text === 'in' ? 'in' : token.text;
      if (token.kind !== 'punct' && operator !== 'in') return left;
      if (!Parser.LEVELS[level]!.includes(operator) && !(isRelation && operator === 'in')) return left;
      if (operator === '/' && PATH_CHAR.test(this.lexer.charAfterToken())) {
        throw new RulesSyntaxError(`Unexpected '/${this.lexer.charAfterToken()}'.`, token.position);
      }
      this.lexer.next();
      const right = this.binaryLevel(level + 1);
      left = { kind: 'binary', operator: operator as BinaryOperator, left, right, position: token.position };
    }
  }

  private unary(): Expression {
    const token = this.lexer.peek();
    if (token.kind === 'punct' && (token.text === '!' || token.text === '-')) {
      this.lexer.next();
      const operand = this.unary();
      if (token.text === '-' && operand.kind === 'literal' && typeof operand.value === 'bigint') {
        return { kind: 'literal', value: -operand.value, position: token.position };
      }
      if (token.text === '-' && operand.kind === 'literal' && typeof operand.value === 'number') {
        return { kind: 'literal', value: -operand.value, position: token.position };
      }
      return { kind: 'unary', operator: token.text, operand, position: token.position };
    }
    return this.postfix(this.primary());
  }

  private postfix(target: Expression): Expression {
    let expression = target;
    for (;;) {
      const token = this.lexer.peek();
      if (token.kind !== 'punct') return expression;
      if (token.text === '.') {
        this.lexer.next();
        const name = this.identifier();
        expression = { kind: 'member', object: expression, name: name.text, position: name.position };
      } else if (token.text === '(') {
        this.lexer.next();
        expression = { kind: 'call', callee: expression, args: this.argumentsUntil(')'), position: token.position };
      } else if (token.text === '[') {
        this.lexer.next();
        expression = this.indexOrSlice(expression, token);
      } else return expression;
    }
  }

  private indexOrSlice(object: Expression, open: Token): Expression {
    const start = this.isPunct(':') ? null : this.expression();
    if (this.isPunct(':')) {
      this.lexer.next();
      const end = this.isPunct(']') ? null : this.expression();
      this.expect(']');
      return { kind: 'slice', object, start, end, position: open.position };
    }
    this.expect(']');
    return { kind: 'index', object, index: start!, position: open.position };
  }

  private argumentsUntil(close: string): Expression[] {
    const args: Expression[] = [];
    while (!this.isPunct(close)) {
      args.push(this.expression());
      if (!this.isPunct(',')) break;
      this.lexer.next();
    }
    this.expect(close);
    return args;
  }

  private primary(): Expression {
    const token = this.lexer.peek();
    const position = token.position;
    switch (token.kind) {
      case 'int':
        this.lexer.next();
        return { kind: 'literal', value: BigInt(token.text), position };
      case 'float':
        this.lexer.next();
        return { kind: 'literal', value: Number(token.text), position };
      case 'string':
        this.lexer.next();
        return { kind: 'literal', value: token.value, position };
      case 'identifier':
        this.lexer.next();
        if (token.text === 'true' || token.text === 'false') {
          return { kind: 'literal', value: token.text === 'true', position };
        }
        if (token.text === 'null') return { kind: 'literal', value: null, position };
        return { kind: 'identifier', name: token.text, position };
      case 'punct':
        if (token.text === '(') {
          this.lexer.next();
          const inner = this.expression();
          this.expect(')');
          return inner;
        }
        if (token.text === '[') {
          this.lexer.next();
          return { kind: 'list', items: this.argumentsUntil(']'), position };
        }
        if (token.text === '{') return this.mapLiteral();
        if (token.text === '/') return this.pathLiteral();
    }
    return this.unexpected(token, 'an expression');
  }

  private mapLiteral(): Expression {
    const position = this.lexer.next().position;
    const entries: [Expression, Expression][] = [];
    while (!this.isPunct('}')) {
      const key = this.expression();
      this.expect(':');
      entries.push([key, this.expression()]);
      if (!this.isPunct(',')) break;
      this.lexer.next();
    }
    this.expect('}');
    return { kind: 'map', entries, position };
  }

  /** `/databases/$(database)/documents/users/$(request.auth.uid)`. */
  private pathLiteral(): Expression {
    const position = this.lexer.peek().position;
    this.lexer.rewindToPeeked();
    const segments: PathLiteralSegment[] = [];
    while (this.lexer.rawChar() === '/') {
      this.lexer.rawAdvance();
      const segment: PathLiteralSegment = [];
      let text = '';
      for (;;) {
        const char = this.lexer.rawChar();
        if (char === '$' && this.lexer.source[this.lexer.rawOffset() + 1] === '(') {
          if (text) segment.push(text);
          text = '';
          this.lexer.rawAdvance(2);
          segment.push(this.expression());
          this.expect(')');
          this.lexer.rewindToPeeked();
        } else if (char === '(') {
          this.lexer.rawAdvance();
          segment.push(this.expression());
          this.expect(')');
          this.lexer.rewindToPeeked();
        } else if (PATH_CHAR.test(char)) {
          text += char;
          this.lexer.rawAdvance();
        } else break;
      }
      if (text) segment.push(text);
      if (segment.length === 0) {
        throw new RulesSyntaxError('Empty segment in path.', this.lexer.positionAt(this.lexer.rawOffset()));
      }
      segments.push(segment);
    }
    return { kind: 'path', segments, position };
  }

  // ---- helpers ----

  private identifier(): Token {
    const token = this.lexer.next();
    if (token.kind !== 'identifier') this.unexpected(token, 'an identifier');
    return token;
  }

  private isWord(word: string): boolean {
    const token = this.lexer.peek();
    return token.kind === 'identifier' && token.text === word;
  }

  private isPunct(text: string): boolean {
    const token = this.lexer.peek();
    return token.kind === 'punct' && token.text === text;
  }

  private expectWord(word: string): void {
    const token = this.lexer.next();
    if (token.kind !== 'identifier' || token.text !== word) this.unexpected(token, `'${word}'`);
  }

  private expect(text: string): void {
    const token = this.lexer.next();
    if (token.kind !== 'punct' || token.text !== text) this.unexpected(token, `'${text}'`);
  }

  private unexpected(token: Token, expected: string): never {
    throw new RulesSyntaxError(`mismatched input '${token.text}' expecting ${expected}`, token.position);
  }
}
