/**
 * One BrowserChannel (VER=8) session: the server side of a WebChannel opened by the web SDK.
 *
 * Outgoing data are "arrays" `[id, data]` with strictly increasing ids (0 is the handshake's
 * `c` array). They stay buffered until the client acknowledges them (the `AID` parameter of a
 * later request) so that a new back channel can resend them. Incoming data are "maps" with ids
 * counted from 0 per session; they are de-duplicated and applied strictly in map-id order.
 */
import type http from 'node:http';
import { randomBytes } from 'node:crypto';
import { asciiJson } from '../proto-json.ts';
import { frameChunk } from './framing.ts';
import { statusName, toStatus } from '../../errors.ts';
import { debug } from '../util.ts';
import type { Caller } from '../../backend.ts';

/** What a session feeds decoded client messages to (the Listen or Write bridge). */
export interface Bridge {
  onMessage(message: unknown): void;
  /** The session ends (terminate, GC, failure, shutdown): release backend resources. */
  close(): void;
}

export const KEEPALIVE_MS = 30000;
/** A streaming back channel is ended after this many bytes so the client re-opens it with its AID. */
const STREAM_RECYCLE_BYTES = 1 << 20;
/** Default hold of a long-poll GET with nothing to send. */
const LONG_POLL_HOLD_MS = 25000;
/** Coalesce arrays produced together into one long-poll answer. */
const LONG_POLL_COALESCE_MS = 5;

interface OutArray {
  id: number;
  text: string; // `[id,data]` as ASCII JSON
}

interface BackChannel {
  res: http.ServerResponse;
  streaming: boolean;
  written: number;
  timer?: NodeJS.Timeout;
}

const newId = (): string => randomBytes(12).toString('base64url');

export class Session {
  readonly sid = newId();
  readonly httpSessionId = newId();
  bridge: Bridge | undefined;
  /** Who opened the channel (its Authorization header); decides every request on it. */
  caller: Caller = { owner: false, auth: null };
  lastSeen = Date.now();
  closed = false;
  /** After an error was sent, nothing more from the client is applied. */
  failed = false;

  private lastArrayId = 0;
  private buffer: OutArray[] = [];
  private sentId = 0;
  private nextMapId = 0;
  private pendingMaps = new Map<number, string>();
  private back: BackChannel | undefined;
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly kind: 'Listen' | 'Write',
    readonly database: string,
    private readonly onClosed: (s: Session) => void,
  ) {}

  get hasBackChannel(): boolean {
    return !!this.back;
  }

  get lastArray(): number {
    return this.lastArrayId;
  }

  get unackedBytes(): number {
    let n = 0;
    for (const a of this.buffer) n += a.text.length;
    return n;
  }

  /** The handshake's `c` array (array id 0). */
  handshakeChunk(): string {
    return frameChunk(`[[0,${asciiJson(['c', this.sid, '', 8, 12, KEEPALIVE_MS])}]]`);
  }

  /** Queues `data` as the next array and delivers it as soon as a back channel allows. */
  send(data: unknown[]): void {
    if (this.closed) return;
    const id = ++this.lastArrayId;
    const text = `[${id},${asciiJson(data)}]`;
    debug(`${this.kind} ${this.sid} >> ${text.length > 600 ? `${text.slice(0, 600)}...` : text}`);
    this.buffer.push({ id, text });
    this.scheduleFlush();
  }

  /** Sends a stream error in-band and stops applying client messages. */
  fail(code: number, message: string): void {
    if (this.closed || this.failed) return;
    this.send([{ error: { code, message, status: statusName(code) } }]);
    this.failed = true;
    this.releaseBridge();
  }

  /** Drops arrays the client has acknowledged. */
  ack(aid: number | undefined): void {
    if (aid === undefined || !Number.isFinite(aid)) return;
    if (this.buffer.length && this.buffer[0]!.id <= aid)
      this.buffer = this.buffer.filter((a) => a.id > aid);
  }

  /** Accepts maps from a forward POST (or the handshake), applying them in map-id order once. */
  receiveMaps(maps: Map<number, string>): void {
    this.lastSeen = Date.now();
    for (const [id, data] of maps) {
      if (id >= this.nextMapId && !this.pendingMaps.has(id)) this.pendingMaps.set(id, data);
    }
    for (;;) {
      const data = this.pendingMaps.get(this.nextMapId);
      if (data === undefined) break;
      this.pendingMaps.delete(this.nextMapId);
      this.nextMapId++;
      if (this.closed || this.failed) continue;
      debug(`${this.kind} ${this.sid} << ${data.length > 600 ? `${data.slice(0, 600)}...` : data}`);
      let message: unknown;
      try {
        message = JSON.parse(data);
      } catch {
        this.fail(3, 'Invalid JSON payload received.');
        continue;
      }
      try {
        this.bridge?.onMessage(message);
      } catch (e) {
        debug('bridge onMessage threw', e);
        const { code, message: text } = toStatus(e);
        this.fail(code, text);
      }
    }
  }

  /** Attaches a back-channel GET (replacing any previous one). */
  attachBackChannel(
    res: http.ServerResponse,
    aid: number | undefined,
    streaming: boolean,
    holdMs?: number,
  ): void {
    this.lastSeen = Date.now();
    this.detachBackChannel(true);
    this.ack(aid);
    // Resend everything the client has not seen.
    this.sentId = aid !== undefined && Number.isFinite(aid) ? Math.min(aid, this.lastArrayId) : 0;
    const back: BackChannel = { res, streaming, written: 0 };
    this.back = back;
    res.on('close', () => {
      if (this.back === back) {
        if (back.timer) clearTimeout(back.timer);
        this.back = undefined;
        this.lastSeen = Date.now();
      }
    });
    res.writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
      Pragma: 'no-cache',
    });
    res.socket?.setNoDelay(true);
    if (streaming) {
      res.flushHeaders();
      // Write at once: the client times the first byte to detect buffering proxies.
      if (this.buffer.some((a) => a.id > this.sentId)) this.flush();
      else this.send(['noop']);
      this.flushNow();
    } else if (this.buffer.some((a) => a.id > this.sentId)) {
      this.flushNow();
    } else {
      const hold = Math.max(
        1000,
        Math.min(LONG_POLL_HOLD_MS, holdMs ? holdMs - 2000 : LONG_POLL_HOLD_MS),
      );
      back.timer = setTimeout(() => {
        if (this.back === back) this.send(['noop']);
      }, hold);
    }
  }

  private armKeepalive(back: BackChannel): void {
    if (back.timer) clearTimeout(back.timer);
    back.timer = setTimeout(() => {
      if (this.back === back) this.send(['noop']);
    }, KEEPALIVE_MS);
  }

  private scheduleFlush(): void {
    if (!this.back || this.flushTimer) return;
    if (this.back.streaming) {
      this.flushTimer = setTimeout(() => this.flushNow(), 0);
    } else {
      this.flushTimer = setTimeout(() => this.flushNow(), LONG_POLL_COALESCE_MS);
    }
  }

  private flushNow(): void {
    if (this.flushTimer) {
      clearTimeout(this.flushTimer);
      this.flushTimer = undefined;
    }
    this.flush();
  }

  private flush(): void {
    const back = this.back;
    if (!back) return;
    const pending = this.buffer.filter((a) => a.id > this.sentId);
    if (!pending.length) return;
    const chunk = frameChunk(`[${pending.map((a) => a.text).join(',')}]`);
    this.sentId = pending[pending.length - 1]!.id;
    try {
      if (back.streaming) {
        back.res.write(chunk);
        back.written += chunk.length;
        if (back.written > STREAM_RECYCLE_BYTES) this.detachBackChannel(true);
        else this.armKeepalive(back);
      } else {
        back.res.end(chunk);
        this.detachBackChannel(false);
      }
    } catch (e) {
      debug('back channel write failed', e);
      this.detachBackChannel(false);
    }
  }

  private detachBackChannel(end: boolean): void {
    const back = this.back;
    if (!back) return;
    this.back = undefined;
    if (back.timer) clearTimeout(back.timer);
    if (end && !back.res.writableEnded) {
      try {
        back.res.end();
      } catch {
        /* ignore */
      }
    }
  }

  private releaseBridge(): void {
    const bridge = this.bridge;
    this.bridge = undefined;
    try {
      bridge?.close();
    } catch (e) {
      debug('bridge close failed', e);
    }
  }

  /** Ends the session: releases the bridge and the back channel. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.releaseBridge();
    this.detachBackChannel(true);
    this.buffer = [];
    this.pendingMaps.clear();
    this.onClosed(this);
  }
}
