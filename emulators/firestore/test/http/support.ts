/** Test helpers: the HTTP handler on a free port, and a stub backend for transport-only tests. */
import http from 'node:http';
import { listenOnFreePort } from '@parroquia/testkit/ports';
import { FirestoreError, type FirestoreBackend, type ListenSink } from '../../src/backend.ts';
import type { CommitRequest, ListenRequest } from '../../src/proto-types.ts';

export async function listen(handler: {
  handle(req: http.IncomingMessage, res: http.ServerResponse): void;
  close(): void;
}) {
  const server = await listenOnFreePort(http.createServer((req, res) => handler.handle(req, res)));
  return {
    port: server.port,
    base: server.url,
    async stop() {
      handler.close();
      await server.close();
    },
  };
}

/** A backend that answers Listen with empty targets and commits with a fixed clock. */
export function stubBackend() {
  const listens: { sink: ListenSink; requests: ListenRequest[]; closed: boolean }[] = [];
  const commits: CommitRequest[] = [];
  let clock = 1_000;
  const ts = () => ({ seconds: String(++clock), nanos: 0 });
  const backend: FirestoreBackend & {
    listens: typeof listens;
    commits: CommitRequest[];
    failNextCommit?: FirestoreError;
  } = {
    listens,
    commits,
    async getDocument(r) {
      throw new FirestoreError(5, `no ${r.name}`);
    },
    async batchGetDocuments(r) {
      return (r.documents as string[]).map((d) => ({ missing: d, readTime: ts() }));
    },
    async runQuery() {
      return [{ readTime: ts() }];
    },
    async runAggregationQuery() {
      return [
        { result: { aggregateFields: { aggregate_0: { integerValue: '0' } } }, readTime: ts() },
      ];
    },
    async listDocuments() {
      return { documents: [] };
    },
    async listCollectionIds() {
      return { collectionIds: [] };
    },
    async beginTransaction() {
      return { transaction: Buffer.from('tx1') };
    },
    async rollback() {},
    async commit(r) {
      if (backend.failNextCommit) {
        const e = backend.failNextCommit;
        backend.failNextCommit = undefined;
        throw e;
      }
      commits.push(r);
      const t = ts();
      return { commitTime: t, writeResults: (r.writes ?? []).map(() => ({ updateTime: t })) };
    },
    async batchWrite() {
      return {};
    },
    async createDocument() {
      return {};
    },
    async updateDocument() {
      return {};
    },
    async deleteDocument() {},
    openListen(sink) {
      const entry = { sink, requests: [] as ListenRequest[], closed: false };
      listens.push(entry);
      return {
        onRequest(req) {
          entry.requests.push(req);
          if (req.addTarget) {
            const id = req.addTarget.targetId ?? 0;
            sink.send({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
            sink.send({
              targetChange: {
                targetChangeType: 'CURRENT',
                targetIds: [id],
                resumeToken: Buffer.from('rt'),
              },
            });
            sink.send({ targetChange: { readTime: ts(), resumeToken: Buffer.from('rt') } });
          } else if (req.removeTarget !== undefined) {
            sink.send({
              targetChange: { targetChangeType: 'REMOVE', targetIds: [req.removeTarget] },
            });
          }
        },
        close() {
          entry.closed = true;
        },
      };
    },
    clear() {},
  };
  return backend;
}
