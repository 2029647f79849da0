/**
 * Documents as rules see them (`resource`, `get()`), and the per-request budget of document
 * reads: Google allows 10 distinct `get()` / `exists()` / `getAfter()` documents per request.
 */
import type { RulesDocument, RulesDocumentLookup } from './contract.ts';
import {
  fail,
  fromFirestoreFields,
  pathFromResourceName,
  RulesMap,
  RulesPath,
  typeName,
  type RulesValue,
} from './values.ts';

export const DOCUMENT_READ_LIMIT = 10;

export class RequestBudget {
  private readonly documentsRead = new Set<string>();

  constructor(
    private readonly lookup: RulesDocumentLookup,
    /** `projects/P`: rules paths start at `/databases/...`. */
    private readonly projectPrefix: string,
  ) {}

  read(path: RulesValue, after: boolean, functionName: string): RulesDocument | null {
    if (!(path instanceof RulesPath)) {
      return fail(`Function not found error: Name: [${functionName}].`);
    }
    const segments = path.segments;
    if (segments.length < 5 || segments[0] !== 'databases' || segments[2] !== 'documents' || segments.length % 2 === 0) {
      return fail(`Invalid document path: ${path.toString()}`);
    }
    const name = `${this.projectPrefix}/${segments.join('/')}`;
    const key = `${after ? 'after' : 'before'}:${name}`;
    if (!this.documentsRead.has(key)) {
      if (this.documentsRead.size >= DOCUMENT_READ_LIMIT) return fail(serviceCallError(functionName, path));
      this.documentsRead.add(key);
    }
    return after ? this.lookup.after(name) : this.lookup.before(name);
  }
}

/** `resource` / `get()` result: `{ data, id, __name__ }`. */
export function resourceValue(document: RulesDocument): RulesMap {
  const path = pathFromResourceName(document.name);
  return RulesMap.of({
    data: fromFirestoreFields(document.fields),
    id: path.segments[path.segments.length - 1] ?? '',
    __name__: path,
  });
}

export function describeType(value: RulesValue): string {
  return typeName(value);
}

/**
 * Google's error when a lookup fails (`get()` of a missing document, or a read beyond the
 * limit): the path printed in protobuf text form.
 */
export function serviceCallError(functionName: string, path: RulesPath): string {
  const segments = path.segments.map((segment) => `  segments {\n    simple: ${JSON.stringify(segment)}\n  }\n`).join('');
  return `Service call error. Function: [${functionName}], Argument: [path_value {\n${segments}}\n].`;
}
