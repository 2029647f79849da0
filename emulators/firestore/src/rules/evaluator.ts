/**
 * Evaluates a rule's condition. Errors are exceptions (`RulesEvaluationError`); `&&` and `||`
 * absorb an error when their other side decides alone, as Google's emulator does. A value not
 * known yet (`UnknownValue`: `resource` and lookups in the first pass, a field a list query
 * constrains) flows through as unknown unless the query's filters or `&&` / `||` decide; a
 * condition left unknown is Google's `evaluation error at L:C`.
 */

/** The unknown every operation on an unknown gives, unless the query's filters decide it. */
export const UNKNOWN = new UnknownValue(null, null);

const LOOKUPS = ['get', 'exists', 'getAfter', 'existsAfter'];
import type { Expression, FunctionDeclaration } from './ast.ts';
import { callMethod } from './methods.ts';
import {
  arithmetic,
  compareValues,
  contains,
  indexOutOfBounds,
  isNumeric,
  typeError,
  unsupported,
  unsupportedOperation,
  valuesEqual,
} from './operators.ts';
import { decideComparison, decideMembership, DOCUMENT_ID_KEY } from './query-facts.ts';
import { callGlobalFunction, isNamespace, RulesNamespace } from './functions.ts';
import {
  fail,
  methodNotFound,
  RulesEvaluationError,
  RulesMap,
  RulesPath,
  typeName,
  UnknownValue,
  type RulesValue,
} from './values.ts';
import type { RequestBudget } from './documents.ts';
import type { SourcePosition } from './lexer.ts';

const MAX_CALL_DEPTH = 20;

export class Scope {
  constructor(
    private readonly variables: Map<string, RulesValue>,
    readonly functions: Map<string, FunctionDeclaration>,
    private readonly parent: Scope | null = null,
  ) {}

  lookup(name: string): RulesValue | undefined {
    return this.variables.has(name) ? this.variables.get(name) : this.parent?.lookup(name);
  }

  findFunction(name: string): FunctionDeclaration | undefined {
    return this.functions.get(name) ?? this.parent?.findFunction(name);
  }

  child(variables: Map<string, RulesValue>): Scope {
    return new Scope(variables, new Map(), this);
  }
}

export class Evaluator {
  private depth = 0;

  constructor(
    readonly budget: RequestBudget,
    /** False in Google's first pass, which decides without reading any document. */
    private readonly documentsAvailable = true,
  ) {}

  evaluate(expression: Expression, scope: Scope): RulesValue {
    switch (expression.kind) {
      case 'literal':
        return expression.value;
      case 'identifier': {
        const value = scope.lookup(expression.name);
        if (value !== undefined) return value;
        if (isNamespace(expression.name))
          return new RulesNamespace(expression.name) as unknown as RulesValue;
        return fail(`Property ${expression.name} is undefined on object.`);
      }
      case 'member': {
        const object = this.evaluate(expression.object, scope);
        if (object instanceof UnknownValue) return UNKNOWN;
        return this.member(object, expression.name);
      }
      case 'index': {
        const object = this.evaluate(expression.object, scope);
        const key = this.evaluate(expression.index, scope);
        if (object instanceof UnknownValue || key instanceof UnknownValue) return UNKNOWN;
        return this.index(object, key);
      }
      case 'slice':
        return this.slice(expression, scope);
      case 'call':
        return this.call(expression, scope);
      case 'unary': {
        const operand = this.evaluate(expression.operand, scope);
        if (operand instanceof UnknownValue) return UNKNOWN;
        return this.unary(expression.operator, operand);
      }
      case 'binary':
        return this.binary(expression, scope);
      case 'is': {
        const operand = this.evaluate(expression.operand, scope);
        if (operand instanceof UnknownValue) return UNKNOWN;
        return this.isType(operand, expression.typeName);
      }
      case 'conditional': {
        const condition = this.evaluate(expression.condition, scope);
        if (condition instanceof UnknownValue) return UNKNOWN;
        if (typeof condition !== 'boolean') return typeError(condition);
        return this.evaluate(condition ? expression.whenTrue : expression.whenFalse, scope);
      }
      case 'list':
        return expression.items.map((item) => this.evaluate(item, scope));
      case 'map': {
        const entries = new Map<string, RulesValue>();
        for (const [keyExpression, valueExpression] of expression.entries) {
          const key = this.evaluate(keyExpression, scope);
          if (typeof key !== 'string') return unsupported(key, 'map key');
          entries.set(key, this.evaluate(valueExpression, scope));
        }
        return new RulesMap(entries);
      }
      case 'path':
        return this.path(expression, scope);
    }
  }

  private member(object: RulesValue, name: string): RulesValue {
    if (object === null) return fail('Null value error.');
    if (object instanceof RulesMap) {
      const value = object.entries.get(name);
      if (value === undefined) return fail(`Property ${name} is undefined on object.`);
      return value;
    }
    if ((object as unknown) instanceof RulesNamespace)
      return fail(`Property ${name} is undefined on object.`);
    return fail(`Property ${name} is undefined on object.`);
  }

  private index(object: RulesValue, key: RulesValue): RulesValue {
    if (object === null) return fail('Null value error.');
    if (object instanceof RulesMap) {
      if (typeof key !== 'string')
        return unsupportedOperation(`map[${typeName(key)}]`, 'map[string]');
      return this.member(object, key);
    }
    if (Array.isArray(object) || typeof object === 'string' || object instanceof RulesPath) {
      const kind = typeName(object);
      if (typeof key !== 'bigint')
        return unsupportedOperation(`${kind}[${typeName(key)}]`, `${kind}[int]`);
      const items =
        object instanceof RulesPath
          ? object.segments
          : typeof object === 'string'
            ? [...object]
            : object;
      if (key < 0n || key >= BigInt(items.length)) return indexOutOfBounds(key, items.length);
      return items[Number(key)]!;
    }
    return unsupportedOperation(`${typeName(object)}[${typeName(key)}]`, 'list[int], map[string]');
  }

  private slice(expression: Extract<Expression, { kind: 'slice' }>, scope: Scope): RulesValue {
    const object = this.evaluate(expression.object, scope);
    const start = expression.start ? this.evaluate(expression.start, scope) : 0n;
    if (object instanceof UnknownValue) return UNKNOWN;
    if (!Array.isArray(object) && typeof object !== 'string') return unsupported(object, '[:]');
    const end = expression.end ? this.evaluate(expression.end, scope) : BigInt(object.length);
    if (typeof start !== 'bigint' || typeof end !== 'bigint') return unsupported(object, '[:]');
    const items = typeof object === 'string' ? [...object] : object;
    if (start < 0n || start > BigInt(items.length)) return indexOutOfBounds(start, items.length);
    if (end > BigInt(items.length)) return indexOutOfBounds(end - 1n, items.length);
    if (start > end) return indexOutOfBounds(start, items.length);
    const sliced = items.slice(Number(start), Number(end));
    return typeof object === 'string' ? sliced.join('') : sliced;
  }

  private call(expression: Extract<Expression, { kind: 'call' }>, scope: Scope): RulesValue {
    const callee = expression.callee;
    if (callee.kind === 'identifier') {
      const declared = scope.findFunction(callee.name);
      const args = expression.args.map((arg) => this.evaluate(arg, scope));
      if (declared) return this.callDeclared(declared, args, scope);
      if (LOOKUPS.includes(callee.name) && !this.documentsAvailable) return UNKNOWN;
      if (args.some((arg) => arg instanceof UnknownValue)) return UNKNOWN;
      return callGlobalFunction(callee.name, args, this.budget);
    }
    if (callee.kind === 'member') {
      const target = this.evaluate(callee.object, scope);
      const args = expression.args.map((arg) => this.evaluate(arg, scope));
      if ((target as unknown) instanceof RulesNamespace) {
        if (args.some((arg) => arg instanceof UnknownValue)) return UNKNOWN;
        return callGlobalFunction(
          `${(target as unknown as RulesNamespace).name}.${callee.name}`,
          args,
          this.budget,
        );
      }
      if (target instanceof UnknownValue || args.some((arg) => arg instanceof UnknownValue)) {
        const decision =
          target instanceof UnknownValue ? decideMembership(target, callee.name, args) : undefined;
        return decision ?? UNKNOWN;
      }
      return callMethod(target, callee.name, args);
    }
    return methodNotFound('call');
  }

  private callDeclared(
    declared: FunctionDeclaration,
    args: RulesValue[],
    scope: Scope,
  ): RulesValue {
    if (args.length !== declared.parameters.length) return methodNotFound(declared.name);
    if (this.depth >= MAX_CALL_DEPTH) return fail('Maximum function call depth exceeded.');
    const variables = new Map<string, RulesValue>();
    declared.parameters.forEach((parameter, position) => variables.set(parameter, args[position]!));
    const body = scope.child(variables);
    this.depth++;
    try {
      for (const binding of declared.bindings)
        variables.set(binding.name, this.evaluate(binding.value, body));
      return this.evaluate(declared.body, body);
    } finally {
      this.depth--;
    }
  }

  private unary(operator: '!' | '-', operand: RulesValue): RulesValue {
    if (operator === '!') {
      if (typeof operand !== 'boolean') return unsupported(operand, '!');
      return !operand;
    }
    if (typeof operand === 'bigint') return -operand;
    if (typeof operand === 'number') return -operand;
    return unsupported(operand, '-');
  }

  private binary(expression: Extract<Expression, { kind: 'binary' }>, scope: Scope): RulesValue {
    const operator = expression.operator;
    if (operator === '&&' || operator === '||') return this.logical(operator, expression, scope);
    const left = this.evaluate(expression.left, scope);
    const right = this.evaluate(expression.right, scope);
    if (left instanceof UnknownValue || right instanceof UnknownValue) {
      const decision = this.decideByQuery(operator, left, right);
      if (decision !== undefined) return decision;
      // The id a list's wildcard captures without a `__name__` filter is null to Google.
      if (
        [left, right].some(
          (side) => side instanceof UnknownValue && side.fieldPath?.[0] === DOCUMENT_ID_KEY,
        )
      ) {
        return fail('Null value error.');
      }
      return UNKNOWN;
    }
    switch (operator) {
      case '==':
        return valuesEqual(left, right);
      case '!=':
        return !valuesEqual(left, right);
      case 'in':
        return contains(right, left);
      case '<':
      case '<=':
      case '>':
      case '>=': {
        const order = compareValues(left, right, operator);
        if (Number.isNaN(order)) return false;
        if (operator === '<') return order < 0;
        if (operator === '<=') return order <= 0;
        if (operator === '>') return order > 0;
        return order >= 0;
      }
      default:
        return arithmetic(operator, left, right);
    }
  }

  /** A comparison with a field a list query constrains: decided by the query's filters. */
  private decideByQuery(
    operator: string,
    left: RulesValue,
    right: RulesValue,
  ): boolean | undefined {
    const mirrored: Record<string, string> = {
      '==': '==',
      '!=': '!=',
      '<': '>',
      '<=': '>=',
      '>': '<',
      '>=': '<=',
    };
    if (left instanceof UnknownValue && !(right instanceof UnknownValue))
      return decideComparison(left, operator, right);
    if (right instanceof UnknownValue && !(left instanceof UnknownValue) && mirrored[operator]) {
      return decideComparison(right, mirrored[operator]!, left);
    }
    return undefined;
  }

  private logical(
    operator: '&&' | '||',
    expression: Extract<Expression, { kind: 'binary' }>,
    scope: Scope,
  ): RulesValue {
    const decisive = operator === '||';
    const left = this.attempt(expression.left, scope);
    if (left.value === decisive) return decisive;
    const right = this.attempt(expression.right, scope);
    if (right.value === decisive) return decisive;
    if (left.error) throw left.error;
    if (right.error) throw right.error;
    for (const side of [left.value, right.value]) {
      if (side instanceof UnknownValue) return UNKNOWN;
      if (typeof side !== 'boolean') return typeError(side!);
    }
    return !decisive;
  }

  private attempt(
    expression: Expression,
    scope: Scope,
  ): { value?: RulesValue; error?: RulesEvaluationError } {
    try {
      return { value: this.evaluate(expression, scope) };
    } catch (error) {
      if (error instanceof RulesEvaluationError) return { error };
      throw error;
    }
  }

  private isType(value: RulesValue, name: string): RulesValue {
    const actual = typeName(value);
    if (name === 'number') return actual === 'int' || actual === 'float';
    if (name === 'map' && actual === 'map') return true;
    if (name === 'string' && actual === 'string') return true;
    // Google's emulator answers false for `is set`, even for `toSet()` and `affectedKeys()`.
    if (name === 'constraint' || name === 'set') return false;
    if (name === 'boolean') return actual === 'bool';
    return actual === name;
  }

  private path(expression: Extract<Expression, { kind: 'path' }>, scope: Scope): RulesValue {
    const segments: string[] = [];
    for (const segment of expression.segments) {
      let text = '';
      for (const part of segment) {
        if (typeof part === 'string') {
          text += part;
          continue;
        }
        const value = this.evaluate(part, scope);
        if (value instanceof UnknownValue) return UNKNOWN;
        else if (value instanceof RulesPath && segment.length === 1) {
          segments.push(...value.segments);
          text = '';
          continue;
        } else text += pathText(value);
      }
      if (text !== '') segments.push(text);
    }
    return new RulesPath(segments);
  }
}

function pathText(value: RulesValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (value instanceof RulesPath) return value.segments.join('/');
  if (value === null) return fail('Null value error.');
  return unsupported(value, 'path');
}

export { isNumeric };

/** Where an expression starts: Google's `evaluation error at L:C` names a condition's start. */
export function startOf(expression: Expression): SourcePosition {
  if (expression.openParen) return expression.openParen;
  switch (expression.kind) {
    case 'binary':
      return startOf(expression.left);
    case 'member':
    case 'index':
    case 'slice':
      return startOf(expression.object);
    case 'call':
      return startOf(expression.callee);
    case 'is':
      return startOf(expression.operand);
    case 'conditional':
      return startOf(expression.condition);
    default:
      return expression.position;
  }
}
