#!/usr/bin/env bash
# Runs the conformance suite against Google's Cloud Firestore emulator (the jar shipped with
# google-cloud-sdk, /usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator), to check that
# the suite's expectations match the reference. Usage (from emulators/firestore):
#   bash test/conformance/run-against-google.sh [vitest args, e.g. test/conformance/admin.test.ts]
set -euo pipefail
JAR=${FIRESTORE_JAR:-/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar}
PORT=${GOOGLE_EMULATOR_PORT:-18350}
WS_PORT=$((PORT + 1))
LOG=$(mktemp)
java -Xmx384m -Duser.language=en -cp "$JAR" com.google.cloud.datastore.emulator.firestore.CloudFirestore \
  start --host=127.0.0.1 --port="$PORT" --websocket_port="$WS_PORT" >"$LOG" 2>&1 &
PID=$!
cleanup() { kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; rm -f "$LOG"; }
trap cleanup EXIT
for _ in $(seq 1 150); do
  if curl -sf -m 1 "http://127.0.0.1:$PORT/" >/dev/null; then break; fi
  sleep 0.2
done
curl -sf -m 1 "http://127.0.0.1:$PORT/" >/dev/null || { cat "$LOG"; exit 1; }
export PATH="$(cd ../.. 2>/dev/null; pwd)/node_modules/.bin:$PATH"
rc=0
FIRESTORE_EMULATOR_HOST="127.0.0.1:$PORT" npx vitest run "${@:-test/conformance}" || rc=$?
exit "$rc"
