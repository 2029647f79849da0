/**
 * The tokens of the rules language. Paths (`/users/$(uid)`, `match /a/{b=**}`) are not tokens:
 * the parser reads them through `readRaw*` because what a `/` means depends on where it stands.
 */

export interface SourcePosition {
  /** 1-based, as the Firebase tools print them. */
  line: number;
  column: number;
  offset: number;
}

export type TokenKind = 'identifier' | 'int' | 'float' | 'string' | 'punct' | 'eof';

export interface Token {
  kind: TokenKind;
  text: string;
  /** For strings: the unescaped value; for numbers: the literal. */
  value: string;
  position: SourcePosition;
}

export class RulesSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: SourcePosition,
  ) {
    super(message);
  }
}

const PUNCTUATION = [
  '&&', '||', '==', '!=', '<=', '>=', '$(',
  '{', '}', '(', ')', '[', ']', ';', ',', '.', ':', '?', '!', '<', '>', '=', '+', '-', '*', '/', '%',
];

export class Lexer {
  private offset = 0;
  private lookahead: Token | null = null;
  /** Offsets where each line starts, for positions. */
  private readonly lineStarts: number[] = [0];

  constructor(readonly source: string) {
    for (let i = 0; i < source.length; i++) if (source[i] === '\n') this.lineStarts.push(i + 1);
  }

  positionAt(offset: number): SourcePosition {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low]! + 1, offset };
  }

  peek(): Token {
    this.lookahead ??= this.scan();
    return this.lookahead;
  }

  next(): Token {
    const token = this.peek();
    this.lookahead = null;
    return token;
  }

  /** The character right after the last token read (no whitespace skipped). */
  charAfterToken(): string {
    const token = this.peek();
    return this.source[token.position.offset + token.text.length] ?? '';
  }

  /** Drops the peeked token and puts the cursor at its start, for raw reading. */
  rewindToPeeked(): number {
    const token = this.peek();
    this.lookahead = null;
    this.offset = token.position.offset;
    return this.offset;
  }

  rawChar(): string {
    return this.source[this.offset] ?? '';
  }

  rawAdvance(count = 1): void {
    this.offset += count;
  }

  rawOffset(): number {
    return this.offset;
  }

  private skipSpaceAndComments(): void {
    const source = this.source;
    for (;;) {
      const char = source[this.offset];
      if (char === ' ' || char === '\t' || char === '\n' || char === '\r') this.offset++;
      else if (char === '/' && source[this.offset + 1] === '/') {
        while (this.offset < source.length && source[this.offset] !== '\n') this.offset++;
      } else if (char === '/' && source[this.offset + 1] === '*') {
        const end = source.indexOf('*/', this.offset + 2);
        this.offset = end < 0 ? source.length : end + 2;
      } else return;
    }
  }

  private scan(): Token {
    this.skipSpaceAndComments();
    const source = this.source;
    const start = this.offset;
    const position = this.positionAt(start);
    const char = source[start];
    if (char === undefined) return { kind: 'eof', text: '<EOF>', value: '', position };
    if (/[A-Za-z_]/.test(char)) {
      let end = start + 1;
      while (end < source.length && /[A-Za-z0-9_]/.test(source[end]!)) end++;
      return this.take('identifier', start, end, position);
    }
    if (/[0-9]/.test(char) || (char === '.' && /[0-9]/.test(source[start + 1] ?? ''))) {
      return this.scanNumber(start, position);
    }
    if (char === "'" || char === '"') return this.scanString(start, position, char);
    for (const punct of PUNCTUATION) {
      if (source.startsWith(punct, start)) return this.take('punct', start, start + punct.length, position);
    }
    throw new RulesSyntaxError(`token recognition error at: '${char}'`, position);
  }

  private take(kind: TokenKind, start: number, end: number, position: SourcePosition): Token {
    this.offset = end;
    const text = this.source.slice(start, end);
    return { kind, text, value: text, position };
  }

  private scanNumber(start: number, position: SourcePosition): Token {
    const match = /^(?:[0-9]*\.[0-9]+(?:[eE][+-]?[0-9]+)?|[0-9]+(?:[eE][+-]?[0-9]+)|[0-9]+\.(?![A-Za-z_])(?:[0-9]*)|[0-9]+)/.exec(
      this.source.slice(start),
    );
    const text = match![0];
    const isFloat = /[.eE]/.test(text);
    return this.take(isFloat ? 'float' : 'int', start, start + text.length, position);
  }

  private scanString(start: number, position: SourcePosition, quote: string): Token {
    const source = this.source;
    let value = '';
    let index = start + 1;
    for (;;) {
      const char = source[index];
      if (char === undefined || char === '\n') {
        throw new RulesSyntaxError(`token recognition error at: '${source.slice(start, index)}'`, position);
      }
      if (char === quote) break;
      if (char === '\\') {
        const escaped = source[index + 1] ?? '';
        const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '/': '/', b: '\b', f: '\f' };
        if (escaped in simple) {
          value += simple[escaped];
          index += 2;
        } else if (escaped === 'u' && /^[0-9a-fA-F]{4}$/.test(source.slice(index + 2, index + 6))) {
          value += String.fromCharCode(parseInt(source.slice(index + 2, index + 6), 16));
          index += 6;
        } else {
          value += '\\' + escaped;
          index += 2;
        }
        continue;
      }
      value += char;
      index++;
    }
    this.offset = index + 1;
    return { kind: 'string', text: source.slice(start, index + 1), value, position };
  }
}
