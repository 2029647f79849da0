/**
 * Event delivery as Stripe does it: a JSON POST signed with the endpoint's secret, retried with
 * growing delays while the endpoint answers anything but 2xx (or cannot be reached). Each
 * attempt is signed afresh, with its own timestamp.
 */
import { stripeSignatureHeader } from './signature.ts';
import type { EventJson } from './objects.ts';

export interface WebhookEndpoint {
  url: string;
  secret: string;
  /** Waits before each retry; the number of entries bounds the retries. */
  retryDelaysMs: readonly number[];
}

export interface DeliveryRecord {
  eventId: string;
  type: string;
  attempts: Array<{ at: number; status: number | null }>;
  delivered: boolean;
}

export class WebhookSender {
  readonly deliveries: DeliveryRecord[] = [];
  private pending = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly endpoint: WebhookEndpoint | null,
    private readonly log: (line: string) => void,
  ) {}

  send(event: EventJson): void {
    if (!this.endpoint) return;
    const record: DeliveryRecord = {
      eventId: event.id,
      type: event.type,
      attempts: [],
      delivered: false,
    };
    this.deliveries.push(record);
    const job = this.deliver(this.endpoint, event, record).finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Waits for every delivery under way (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  close(): void {
    this.closed = true;
  }

  private async deliver(endpoint: WebhookEndpoint, event: EventJson, record: DeliveryRecord) {
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 0; attempt <= endpoint.retryDelaysMs.length && !this.closed; attempt += 1) {
      if (attempt > 0) await sleep(endpoint.retryDelaysMs[attempt - 1]!);
      if (this.closed) return;
      const status = await post(endpoint, payload);
      record.attempts.push({ at: Date.now(), status });
      if (status !== null && status >= 200 && status < 300) {
        record.delivered = true;
        return;
      }
      this.log(`stripe double: ${event.type} ${event.id} answered ${status ?? 'no connection'}`);
    }
  }
}

async function post(endpoint: WebhookEndpoint, payload: string): Promise<number | null> {
  try {
    const response = await fetch(endpoint.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'Stripe-Signature': stripeSignatureHeader(
          payload,
          endpoint.secret,
          Math.floor(Date.now() / 1000),
        ),
      },
      body: payload,
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms).unref());
}
