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
      if (this.documentsRead.size >= DOCUMENT_READ_LIMIT) {
        return fail(`Exceeded maximum number of document accesses: ${DOCUMENT_READ_LIMIT}.`);
      }
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
