const m = () => (process.memoryUsage().rss / 1048576).toFixed(1) + ' rss, heap ' + (process.memoryUsage().heapUsed / 1048576).toFixed(1);
const step = process.argv[2];
require('http').createServer().listen(0);
console.log('base', m());
const grpc = require('@grpc/grpc-js'); console.log('grpc-js', m());
const protobuf = require('protobufjs');
const json = JSON.parse(require('fs').readFileSync(require('path').join(require.resolve('@google-cloud/firestore'), '../../protos/v1.json'), 'utf8'));
const root = protobuf.Root.fromJSON(json); root.resolveAll(); console.log('protobuf root', m());
if (step === 'loader') { const loader = require('@grpc/proto-loader'); const def = loader.fromJSON(json, { keepCase: false, longs: String, enums: String, defaults: false, oneofs: true }); console.log('proto-loader def', m()); }
global.gc && global.gc(); setTimeout(() => console.log('after gc', m()), 300);
