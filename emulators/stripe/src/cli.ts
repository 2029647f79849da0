/**
 * `tsx src/cli.ts --port 12111 --webhook-url http://127.0.0.1:5000/api/payments/webhook/`
 * The webhook signing secret comes from STRIPE_WEBHOOK_SECRET (or --webhook-secret).
 */
import { parseArgs } from 'node:util';
import { startStripeDouble } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '12111' },
    host: { type: 'string', default: '127.0.0.1' },
    'public-url': { type: 'string' },
    'webhook-url': { type: 'string' },
    'webhook-secret': { type: 'string' },
  },
});

const secret = values['webhook-secret'] ?? process.env.STRIPE_WEBHOOK_SECRET;
if (!secret) {
  console.error('stripe double: set STRIPE_WEBHOOK_SECRET or pass --webhook-secret');
  process.exit(2);
}
const double = await startStripeDouble({
  port: Number(values.port),
  host: values.host,
  publicUrl: values['public-url'],
  webhookUrl: values['webhook-url'],
  webhookSecret: secret,
});
console.log(
  `stripe double listening on ${double.url}${values['webhook-url'] ? `, events to ${values['webhook-url']}` : ''}`,
);
const stop = () => void double.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
